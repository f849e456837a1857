import { describe, expect, it } from 'vitest';
import { appTheme, contrastRatio, readableLinkOn } from './app-theme';

describe('link colour of an app page (issue 32, item 18)', () => {
  it('keeps link text at WCAG AA contrast (4.5:1) whatever the button colour', () => {
    for (const button of ['#fde047', '#a5f3fc', '#ffffff', '#22c55e', '#4f46e5', '#000000']) {
      const light = appTheme({ styleName: 'light', buttonBackgroundColor: button }).vars['--app-link']!;
      expect(contrastRatio(light, '#ffffff'), `${button} on white`).toBeGreaterThanOrEqual(4.5);
      const dark = appTheme({ styleName: 'dark', buttonBackgroundColor: button }).vars['--app-link']!;
      expect(contrastRatio(dark, '#1b1a24'), `${button} on the dark card`).toBeGreaterThanOrEqual(4.5);
    }
    // a colour that already reads well is kept as it is
    expect(readableLinkOn('#4f46e5', '#ffffff')).toBe('#4f46e5');
    // the pale yellow of the report (about 1.5:1 on white) is darkened, not replaced
    expect(contrastRatio('#fde047', '#ffffff')).toBeLessThan(2);
    expect(readableLinkOn('#fde047', '#ffffff')).not.toBe('#000000');
  });
});
