import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOM_DOMAIN_APP_META } from '@buildai/domain';
import { addressOfPage, isPageOfApp, pageOfAddress } from './app-address';

describe('a space app page’s address', () => {
  it('names the page under /app/{appId}, and at the root of the app’s own domain', () => {
    expect(pageOfAddress('a1', '/app/a1/Pricing', '?plan=pro')).toEqual({
      page: 'Pricing',
      search: 'plan=pro',
    });
    expect(pageOfAddress('a1', '/app/a1', '')).toEqual({ page: '', search: '' });
    expect(pageOfAddress('a1', '/Pricing/', '')).toEqual({ page: 'Pricing', search: '' });
    expect(pageOfAddress('a1', '/', '')).toEqual({ page: '', search: '' });
    expect(addressOfPage('a1', 'Pricing', 'plan=pro')).toBe('/app/a1/Pricing?plan=pro');
  });
});

describe('where the frame may send the address bar', () => {
  it("only to the app's own pages: no step out of /app/{appId}, no empty or odd segment", () => {
    for (const page of ['', 'Pricing', 'products/42', 'Über-uns', 'a b'])
      expect(isPageOfApp(page), page).toBe(true);
    for (const page of [
      '..',
      '../../home',
      'a/../../settings',
      './x',
      'a//b',
      '/x',
      'x\\..',
      'a\u0000b',
      '%2e%2e',
    ])
      expect(isPageOfApp(page), page).toBe(false);
  });
});

describe("on the app's own domain (issue 32, item 12)", () => {
  afterEach(() => document.head.querySelector(`meta[name="${CUSTOM_DOMAIN_APP_META}"]`)?.remove());

  it('keeps clean paths: / and /{Page}, not /app/{appId}/…', () => {
    const meta = document.createElement('meta');
    meta.name = CUSTOM_DOMAIN_APP_META;
    meta.content = 'a1';
    document.head.append(meta);
    expect(addressOfPage('a1', 'Pricing', 'plan=pro')).toBe('/Pricing?plan=pro');
    expect(addressOfPage('a1', '', '')).toBe('/');
    // another app's pages in the same document keep their base path
    expect(addressOfPage('a2', 'Pricing', '')).toBe('/app/a2/Pricing');
  });
});
