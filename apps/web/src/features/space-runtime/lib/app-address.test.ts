import { describe, expect, it } from 'vitest';
import { addressOfPage, pageOfAddress } from './app-address';

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
