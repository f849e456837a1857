import type { AppStyle } from '@buildai/domain';

/** How each style name looks in the style choice (spec 000 §3). */
export const STYLE_LOOKS: Record<AppStyle['styleName'], { label: string; swatch: string; line: string }> = {
  dark: { label: 'Dark', swatch: 'bg-zinc-900', line: 'bg-zinc-600' },
  colorful: {
    label: 'Colorful',
    swatch: 'bg-gradient-to-br from-violet-500 via-fuchsia-500 to-amber-400',
    line: 'bg-white/80',
  },
  light: { label: 'Light', swatch: 'border bg-white', line: 'bg-zinc-300' },
};
