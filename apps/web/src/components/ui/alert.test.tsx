import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormError } from '@/components/form-feedback';
import { appTheme } from '@/features/runtime/lib/app-theme';

// the stylesheet as written (Vitest does not process CSS)
const css = readFileSync(path.join(__dirname, '../../styles/theme.css'), 'utf8');

/** WCAG 2 contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
    const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
    return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(bl!);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The --error-* colours a block of the theme (styles/theme.css) declares (`:root` or `.dark`). */
function errorColours(selector: string) {
  const start = css.indexOf(`${selector} {`);
  const block = css.slice(start, css.indexOf('}', start));
  const read = (name: string) => new RegExp(`--error-${name}:\\s*(#[0-9a-f]{6});`, 'i').exec(block)?.[1];
  return { surface: read('surface'), text: read('foreground'), border: read('border') };
}

describe('the error box stays readable on every app style', () => {
  it.each([':root', '.dark'])(
    '%s: opaque surface and text with at least 4.5:1 contrast (WCAG AA)',
    (selector) => {
      const { surface, text, border } = errorColours(selector);
      expect(surface).toMatch(/^#[0-9a-f]{6}$/i); // six hex digits: no transparency to let the page through
      expect(border).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(text!, surface!)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it.each([
    { styleName: 'light' as const },
    { styleName: 'dark' as const },
    { styleName: 'colorful' as const },
    // the builder's blue page of the issue, with blue buttons
    { styleName: 'light' as const, backgroundColor: '#1d4ed8', buttonBackgroundColor: '#2563eb' },
  ])('app style %o leaves the error colours alone', (style) => {
    const { vars } = appTheme(style);
    expect(Object.keys(vars).filter((k) => k.startsWith('--error-'))).toEqual([]);
  });

  it('draws the error on that surface, not on a tint of the page', () => {
    render(<FormError message="Wrong password" />);
    const box = screen.getByRole('alert');
    expect(box.className).toContain('bg-(--error-surface)');
    expect(box.className).toContain('text-(--error-foreground)');
    expect(box.className).not.toMatch(/bg-destructive\/\d+/);
    expect(box.textContent).toBe('Wrong password');
  });
});
