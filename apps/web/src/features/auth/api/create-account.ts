import { api } from '@/lib/api-client';
import { LIVE_API, withAppId } from './paths';

/**
 * POST /api/live_api/account/create — creates the account of the signed-in identity (or answers the existing
 * one). An app's sign-in names its tenant with `?appId=`.
 */
export function createAccount(idToken: string, appId?: string | null): Promise<{ accountId: string }> {
  return api<{ accountId: string }>(withAppId(`${LIVE_API}/account/create`, appId), {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
    refreshOn401: false,
  });
}
