import { and, eq, lte } from 'drizzle-orm';
import { paymentSales } from '../../db/schema';
import type { Platform } from '../../platform';
import type { GumroadSale, GumroadSubscriber } from './gumroad-client';
import { saleStateOf } from './look-up-sale';

export type PaymentSaleRow = typeof paymentSales.$inferSelect;

export interface RecordSaleOptions {
  platform: Platform;
  scope: string;
  found: { sale: GumroadSale; subscriber: GumroadSubscriber | null };
  lookedUpAt: Date;
}

/**
 * Writes the sale as Gumroad answered it (never as a ping said it): the same answer writes the same row, so pings
 * that arrive twice or out of order end in the state Gumroad holds now. The user a sign-up linked stays.
 *
 * `lookedUpAt` is when the lookup started, kept as `updated_at`: an answer read before the one already written
 * (two pings of one sale processed side by side, the older lookup finishing last) is older news and is not
 * written.
 */
export async function recordSale({
  platform,
  scope,
  found,
  lookedUpAt,
}: RecordSaleOptions): Promise<PaymentSaleRow> {
  const { sale, subscriber } = found;
  const { state, paidUntil } = saleStateOf(sale, subscriber);
  const values = {
    productId: sale.product_id,
    email: sale.email.trim().toLowerCase(),
    subscriptionId: sale.subscription_id ?? null,
    state,
    paidUntil,
    raw: { sale, subscriber } as Record<string, unknown>,
    updatedAt: lookedUpAt,
  };
  const [row] = await platform.db
    .insert(paymentSales)
    .values({ scope, saleId: sale.id, ...values })
    .onConflictDoUpdate({
      target: [paymentSales.scope, paymentSales.saleId],
      set: values,
      setWhere: lte(paymentSales.updatedAt, lookedUpAt),
    })
    .returning();
  if (row) return row;
  const [newer] = await platform.db
    .select()
    .from(paymentSales)
    .where(and(eq(paymentSales.scope, scope), eq(paymentSales.saleId, sale.id)));
  return newer!;
}
