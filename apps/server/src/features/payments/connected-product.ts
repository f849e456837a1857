import type { PaymentProduct } from '@buildai/domain';
import type { Platform } from '../../platform';
import { loadPaymentConnection } from './connections';

/**
 * The Gumroad product an app's paid memberships are connected to, as Gumroad described it at connect time (name,
 * page, prices): what the single-plan dialog of a non-member shows. Null before connect.
 */
export async function connectedProductOf(platform: Platform, appId: string): Promise<PaymentProduct | null> {
  const row = await loadPaymentConnection(platform, appId);
  if (!row?.productId || !row.product) return null;
  return row.product as unknown as PaymentProduct;
}
