import { api } from '@/lib/api-client';

/** POST /api/live_api/account/create — creates the account of the signed-in identity (or answers the existing one). */
export function createAccount(idToken: string): Promise<{ accountId: string }> {
  return api<{ accountId: string }>('/api/live_api/account/create', {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
    refreshOn401: false,
  });
}
