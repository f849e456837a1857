import type { AppStyle } from '@buildai/domain';

/**
 * The shadcn/ui theme every space app starts from (decision 0012, "Theme"): its CSS variables (`--background`,
 * `--primary`, …) as HSL channels, mapped to Tailwind colours (`bg-background`, `text-primary-foreground`, …), a
 * light and a dark palette, and the app's branding on top. An app's own CSS that sets the same variables wins.
 */

type Palette = Record<string, string>;

const LIGHT: Palette = {
  background: '0 0% 100%',
  foreground: '222 47% 11%',
  card: '0 0% 100%',
  'card-foreground': '222 47% 11%',
  popover: '0 0% 100%',
  'popover-foreground': '222 47% 11%',
  primary: '222 47% 15%',
  'primary-foreground': '210 40% 98%',
  secondary: '210 40% 96%',
  'secondary-foreground': '222 47% 15%',
  muted: '210 40% 96%',
  'muted-foreground': '215 16% 45%',
  accent: '210 40% 95%',
  'accent-foreground': '222 47% 15%',
  destructive: '0 72% 51%',
  'destructive-foreground': '0 0% 100%',
  border: '214 32% 90%',
  input: '214 32% 88%',
  ring: '221 83% 53%',
  'chart-1': '12 76% 61%',
  'chart-2': '173 58% 39%',
  'chart-3': '197 37% 24%',
  'chart-4': '43 74% 66%',
  'chart-5': '27 87% 67%',
  'sidebar-background': '210 40% 98%',
  'sidebar-foreground': '222 47% 15%',
  'sidebar-primary': '222 47% 15%',
  'sidebar-primary-foreground': '210 40% 98%',
  'sidebar-accent': '210 40% 94%',
  'sidebar-accent-foreground': '222 47% 15%',
  'sidebar-border': '214 32% 90%',
  'sidebar-ring': '221 83% 53%',
};

const DARK: Palette = {
  background: '224 28% 8%',
  foreground: '210 40% 98%',
  card: '224 25% 11%',
  'card-foreground': '210 40% 98%',
  popover: '224 25% 11%',
  'popover-foreground': '210 40% 98%',
  primary: '210 40% 96%',
  'primary-foreground': '222 47% 12%',
  secondary: '217 24% 18%',
  'secondary-foreground': '210 40% 98%',
  muted: '217 24% 17%',
  'muted-foreground': '215 20% 68%',
  accent: '217 24% 20%',
  'accent-foreground': '210 40% 98%',
  destructive: '0 63% 48%',
  'destructive-foreground': '0 0% 100%',
  border: '217 24% 20%',
  input: '217 24% 24%',
  ring: '217 91% 60%',
  'chart-1': '220 70% 50%',
  'chart-2': '160 60% 45%',
  'chart-3': '30 80% 55%',
  'chart-4': '280 65% 60%',
  'chart-5': '340 75% 55%',
  'sidebar-background': '224 28% 10%',
  'sidebar-foreground': '210 40% 96%',
  'sidebar-primary': '217 91% 60%',
  'sidebar-primary-foreground': '0 0% 100%',
  'sidebar-accent': '217 24% 18%',
  'sidebar-accent-foreground': '210 40% 96%',
  'sidebar-border': '217 24% 20%',
  'sidebar-ring': '217 91% 60%',
};

/** The colourful style: the light palette with a violet primary. */
const COLORFUL: Palette = {
  ...LIGHT,
  primary: '262 83% 58%',
  'primary-foreground': '0 0% 100%',
  ring: '262 83% 58%',
  accent: '262 80% 96%',
  'accent-foreground': '262 60% 30%',
};

/** `#rrggbb` as HSL channels (`210 40% 96%`). */
export function hexToChannels(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => v / 255) as [
    number,
    number,
    number,
  ];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  let h = 0;
  let s = 0;
  if (max !== min) {
    const d = max - min;
    s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
    h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
    h *= 60;
  }
  return `${Math.round(h)} ${Math.round(s * 100)}% ${Math.round(l * 100)}%`;
}

/** Which way an app writes its colour variables: shadcn's v3 HSL channels, or whole colours (v4's oklch()). */
export type ThemeForm = 'channels' | 'colours';

/** Whether the app's own CSS writes `--background: 0 0% 100%` (channels) or `--background: oklch(…)`. */
export function themeFormOf(appCss: string): ThemeForm {
  const declared = /--(?:background|primary|foreground)\s*:\s*([^;}]+)/.exec(appCss)?.[1]?.trim();
  if (!declared) return 'channels';
  return /^[\d.]+(?:deg)?\s+[\d.]+%\s+[\d.]+%$/.test(declared) ? 'channels' : 'colours';
}

function variables(palette: Palette, form: ThemeForm): string {
  return Object.entries(palette)
    .map(([name, value]) => `--${name}: ${form === 'channels' ? value : `hsl(${value})`};`)
    .join(' ');
}

/** The whole theme as CSS, for the app's own CSS to follow. */
export function themeCss(style: Pick<AppStyle, 'styleName'> | undefined, form: ThemeForm): string {
  const base = style?.styleName === 'dark' ? DARK : style?.styleName === 'colorful' ? COLORFUL : LIGHT;
  const colour = (name: string) => (form === 'channels' ? `hsl(var(--${name}))` : `var(--${name})`);
  const mapping = Object.keys(LIGHT)
    .map((name) => `--color-${name}: ${colour(name)};`)
    .join('\n  ');
  return `@custom-variant dark (&:is(.dark *));
@theme inline {
  ${mapping}
  --color-sidebar: ${colour('sidebar-background')};
  --radius-sm: calc(var(--radius) - 4px);
  --radius-md: calc(var(--radius) - 2px);
  --radius-lg: var(--radius);
  --radius-xl: calc(var(--radius) + 4px);
  --animate-accordion-down: accordion-down 0.2s ease-out;
  --animate-accordion-up: accordion-up 0.2s ease-out;
  --animate-collapsible-down: collapsible-down 0.2s ease-out;
  --animate-collapsible-up: collapsible-up 0.2s ease-out;
  --animate-caret-blink: caret-blink 1.25s ease-out infinite;
}
@keyframes caret-blink { 0%, 70%, 100% { opacity: 1 } 20%, 50% { opacity: 0 } }
@keyframes accordion-down { from { height: 0 } to { height: var(--radix-accordion-content-height) } }
@keyframes accordion-up { from { height: var(--radix-accordion-content-height) } to { height: 0 } }
@keyframes collapsible-down { from { height: 0 } to { height: var(--radix-collapsible-content-height) } }
@keyframes collapsible-up { from { height: var(--radix-collapsible-content-height) } to { height: 0 } }
:root { --radius: 0.5rem; ${variables(base, form)} }
.dark { ${variables(DARK, form)} }
@layer base {
  *, ::after, ::before { border-color: var(--color-border); }
  body { background-color: var(--color-background); color: var(--color-foreground); }
}
`;
}

/** The builder's own colours (App branding), over whatever the app's CSS set. */
export function brandingCss(style: AppStyle | undefined, form: ThemeForm): string {
  if (!style) return '';
  const value = (hex: string) => (form === 'channels' ? hexToChannels(hex) : hex);
  const set: string[] = [];
  if (style.buttonBackgroundColor) {
    set.push(
      `--primary: ${value(style.buttonBackgroundColor)};`,
      `--ring: ${value(style.buttonBackgroundColor)};`,
    );
  }
  if (style.buttonTextColor) set.push(`--primary-foreground: ${value(style.buttonTextColor)};`);
  if (style.backgroundColor) set.push(`--background: ${value(style.backgroundColor)};`);
  if (style.headerTextColor) set.push(`--foreground: ${value(style.headerTextColor)};`);
  return set.length ? `:root:root { ${set.join(' ')} }\n` : '';
}
