import type * as React from 'react';
import type { AppStyle } from '@buildai/domain';

/**
 * The app's branding (spec 000 §2 App Branding, §3 App style) as CSS variables on a wrapper. The theme variables
 * (`--background`, `--primary` …) are the ones every ui primitive reads, so buttons, inputs and cards inside the
 * wrapper take the app's look; `--app-*` variables carry what only the runtime reads (page background, header and
 * subheader colours).
 */
export type AppThemeVars = Record<`--${string}`, string>;

const HEX = /^#(?:[0-9a-fA-F]{3}){1,2}$/;

/** Dark surfaces: the ui palette re-tuned for a dark page. */
const DARK: AppThemeVars = {
  '--background': 'oklch(0.17 0.015 275)',
  '--foreground': 'oklch(0.96 0.005 275)',
  '--card': 'oklch(0.215 0.018 275)',
  '--card-foreground': 'oklch(0.96 0.005 275)',
  '--popover': 'oklch(0.215 0.018 275)',
  '--popover-foreground': 'oklch(0.96 0.005 275)',
  '--primary': 'oklch(0.68 0.17 277)',
  '--primary-foreground': 'oklch(0.16 0.02 275)',
  '--secondary': 'oklch(0.27 0.02 275)',
  '--secondary-foreground': 'oklch(0.94 0.005 275)',
  '--muted': 'oklch(0.26 0.018 275)',
  '--muted-foreground': 'oklch(0.72 0.02 275)',
  '--accent': 'oklch(0.29 0.04 277)',
  '--accent-foreground': 'oklch(0.9 0.06 277)',
  '--border': 'oklch(1 0 0 / 0.1)',
  '--input': 'oklch(1 0 0 / 0.16)',
  '--ring': 'oklch(0.68 0.17 277)',
  '--app-bg': 'oklch(0.15 0.015 275)',
  '--app-header-color': 'oklch(0.98 0 0)',
  '--app-subheader-color': 'oklch(0.78 0.015 275)',
};

/** A vivid gradient page with light cards; the header sits on the gradient in white. */
/** The dark style's card, as a colour the contrast check can read. */
const DARK_CARD = '#1b1a24';

const COLORFUL: AppThemeVars = {
  '--primary': 'oklch(0.55 0.25 295)',
  '--ring': 'oklch(0.62 0.22 295)',
  '--accent': 'oklch(0.95 0.04 300)',
  '--accent-foreground': 'oklch(0.42 0.2 300)',
  '--app-bg': '#6d28d9',
  '--app-bg-image': 'linear-gradient(135deg, #4f46e5 0%, #9333ea 45%, #db2777 80%, #f97316 100%)',
  '--app-header-color': '#ffffff',
  '--app-subheader-color': 'rgb(255 255 255 / 0.86)',
};

const LIGHT: AppThemeVars = {
  '--app-bg': 'oklch(0.985 0.006 275)',
  '--app-bg-image': 'radial-gradient(120% 60% at 50% 0%, oklch(0.95 0.03 277) 0%, transparent 70%)',
};

function isColour(value: string | undefined): value is string {
  return typeof value === 'string' && HEX.test(value);
}

/** Black or white, whichever reads better on `hex`. */
export function readableTextOn(hex: string): string {
  return luminanceOf(hex) > 0.45 ? '#111827' : '#ffffff';
}

function rgbOf(hex: string): [number, number, number] {
  let h = hex.slice(1);
  if (h.length === 3) h = [...h].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a `#rgb` / `#rrggbb` colour. */
function luminanceOf(hex: string): number {
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  const [r, g, b] = rgbOf(hex).map((c) => lin(c / 255));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminanceOf(a), luminanceOf(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/**
 * The button colour as link text on `background`, darkened (or lightened on a dark background) only as much as
 * WCAG AA asks of text (4.5:1): a pale brand colour stays recognisable and readable.
 */
export function readableLinkOn(colour: string, background: string): string {
  const target = luminanceOf(background) > 0.18 ? 0 : 255;
  const [r, g, b] = rgbOf(colour);
  for (let step = 0; step <= 20; step++) {
    const mix = (c: number) => Math.round(c + ((target - c) * step) / 20);
    const hex = `#${[mix(r), mix(g), mix(b)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
    if (contrastRatio(hex, background) >= 4.5) return hex;
  }
  return target === 0 ? '#000000' : '#ffffff';
}

/** A CSS `url()` for a stored image address, or null for anything that is not an address. */
export function cssUrl(address: string | undefined): string | null {
  const value = address?.trim();
  if (!value || /[\n\r]/.test(value)) return null;
  if (!/^(https?:\/\/|\/|data:image\/)/i.test(value)) return null;
  return `url("${value.replace(/["\\]/g, (c) => `\\${c}`)}")`;
}

export interface AppTheme {
  styleName: AppStyle['styleName'];
  /** `dark` for the dark style, so `dark:` utilities apply inside */
  className: string;
  vars: AppThemeVars;
}

/** The variables of an app style; missing or invalid values fall back to the style's defaults. */
export function appTheme(style: Partial<AppStyle> | null | undefined): AppTheme {
  const styleName =
    style?.styleName === 'dark' || style?.styleName === 'colorful' ? style.styleName : 'light';
  const vars: AppThemeVars = {
    ...(styleName === 'dark' ? DARK : styleName === 'colorful' ? COLORFUL : LIGHT),
  };

  if (isColour(style?.backgroundColor)) {
    vars['--app-bg'] = style.backgroundColor;
    vars['--app-bg-image'] = 'none';
  }
  const image = cssUrl(style?.backgroundImage);
  if (image) vars['--app-bg-image'] = image;
  if (isColour(style?.headerTextColor)) vars['--app-header-color'] = style.headerTextColor;
  if (isColour(style?.subheaderTextColor)) vars['--app-subheader-color'] = style.subheaderTextColor;
  if (isColour(style?.buttonBackgroundColor)) {
    vars['--primary'] = style.buttonBackgroundColor;
    // links are text on the card, not a button: AA contrast (4.5:1) whatever the branding (issue 32, item 18)
    vars['--app-link'] = readableLinkOn(
      style.buttonBackgroundColor,
      styleName === 'dark' ? DARK_CARD : '#ffffff',
    );
    vars['--ring'] = style.buttonBackgroundColor;
    vars['--primary-foreground'] = readableTextOn(style.buttonBackgroundColor);
  }
  if (isColour(style?.buttonTextColor)) vars['--primary-foreground'] = style.buttonTextColor;

  return { styleName, className: styleName === 'dark' ? 'dark' : '', vars };
}

export function themeStyle(theme: AppTheme): React.CSSProperties {
  return theme.vars as React.CSSProperties;
}
