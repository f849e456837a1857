import { describe, expect, it } from 'vitest';
import { appTheme, cssUrl, readableTextOn } from './app-theme';

describe('appTheme', () => {
  it('defaults to the light style with no overrides', () => {
    const t = appTheme(undefined);
    expect(t.styleName).toBe('light');
    expect(t.className).toBe('');
    expect(t.vars['--primary']).toBeUndefined();
  });

  it('a background colour replaces the style gradient; an image goes over it', () => {
    expect(appTheme({ styleName: 'colorful', backgroundColor: '#112233' }).vars).toMatchObject({
      '--app-bg': '#112233',
      '--app-bg-image': 'none',
    });
    expect(
      appTheme({
        styleName: 'colorful',
        backgroundColor: '#112233',
        backgroundImage: 'https://x.test/a "b".png',
      }).vars['--app-bg-image'],
    ).toBe('url("https://x.test/a \\"b\\".png")');
  });

  it('picks a readable button text when only the background is set, and ignores invalid colours', () => {
    expect(appTheme({ buttonBackgroundColor: '#facc15' }).vars['--primary-foreground']).toBe('#111827');
    expect(appTheme({ buttonBackgroundColor: '#1e1b4b' }).vars['--primary-foreground']).toBe('#ffffff');
    expect(
      appTheme({ headerTextColor: 'red; background: url(x)' }).vars['--app-header-color'],
    ).toBeUndefined();
    expect(readableTextOn('#fff')).toBe('#111827');
  });

  it('accepts only image addresses for url()', () => {
    expect(cssUrl('javascript:alert(1)')).toBeNull();
    expect(cssUrl('')).toBeNull();
    expect(cssUrl('/api/files/x.png')).toBe('url("/api/files/x.png")');
  });
});
