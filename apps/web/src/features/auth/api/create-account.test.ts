import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/test/mock-api';
import { createAccount } from './create-account';

afterEach(() => vi.unstubAllGlobals());

describe('createAccount', () => {
  it('names the app and the sale the account is created with', async () => {
    const api = mockApi({ 'POST /api/live_api/account/create': { body: { accountId: 'acc_1' } } });
    await createAccount('id-token', 'a1', 'sale/1=');
    await createAccount('id-token', null, 'sale2');
    await createAccount('id-token', 'a1');
    expect(api.to('POST /api/live_api/account/create').map((c) => c.url)).toEqual([
      '/api/live_api/account/create?appId=a1&saleId=sale%2F1%3D',
      '/api/live_api/account/create?saleId=sale2',
      '/api/live_api/account/create?appId=a1',
    ]);
  });
});
