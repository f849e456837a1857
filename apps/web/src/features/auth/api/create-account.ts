import { api } from '@/lib/api-client';
import { LIVE_API, withAppId } from './paths';

/**
 * POST /api/live_api/account/create — creates the account of the signed-in identity (or answers the existing
 * one). An app's sign-in names its tenant with `?appId=`; a payment made before the account exists is named with
 * `&saleId=` (the server answers 401 until it has confirmed the sale at Gumroad).
 */
export function createAccount(
  idToken: string,
  appId?: string | null,
  saleId?: string | null,
): Promise<{ accountId: string }> {
  const path = withAppId(`${LIVE_API}/account/create`, appId);
  const withSale = saleId
    ? `${path}${path.includes('?') ? '&' : '?'}saleId=${encodeURIComponent(saleId)}`
    : path;
  return api<{ accountId: string }>(withSale, {
    method: 'POST',
    headers: { Authorization: `Bearer ${idToken}` },
    refreshOn401: false,
  });
}
