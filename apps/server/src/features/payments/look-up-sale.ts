import type { SaleState } from '@buildai/domain';
import type { Platform } from '../../platform';
import type { Seller } from './connections';
import { GumroadError, type GumroadSale, type GumroadSubscriber } from './gumroad-client';
import { gumroadClient } from './services';

/** What a ping (or a buyer coming back with `?sale_id=`) names: a sale, a subscription, or both. */
export interface SaleHint {
  saleId?: string | null;
  subscriptionId?: string | null;
}

export type SaleLookup =
  | { kind: 'found'; sale: GumroadSale; subscriber: GumroadSubscriber | null }
  /** Gumroad does not know it for this seller, or it is not one of the seller's products here */
  | { kind: 'unknown'; reason: string };

/**
 * The sale as Gumroad's own API tells it, looked up with the seller's token: a ping is not signed, so what it says
 * is only a hint. A 404 is an answer ("not this seller's sale"); any other failure throws, to be tried again.
 */
export async function lookUpSale(platform: Platform, seller: Seller, hint: SaleHint): Promise<SaleLookup> {
  const gumroad = gumroadClient(platform, seller.accessToken);
  const notFound = (err: unknown) => err instanceof GumroadError && err.isNotFound;
  let subscriber: GumroadSubscriber | null = null;
  let saleId = hint.saleId ?? null;
  if (!saleId && hint.subscriptionId) {
    try {
      subscriber = await gumroad.getSubscriber(hint.subscriptionId);
    } catch (err) {
      if (notFound(err)) return { kind: 'unknown', reason: 'Gumroad does not know this subscription' };
      throw err;
    }
    saleId = subscriber.purchase_ids?.[0] ?? null;
  }
  if (!saleId) return { kind: 'unknown', reason: 'The ping names no sale' };
  let sale: GumroadSale;
  try {
    sale = await gumroad.getSale(saleId);
  } catch (err) {
    if (notFound(err)) return { kind: 'unknown', reason: 'Gumroad does not know this sale for this seller' };
    throw err;
  }
  if (!seller.productIds.has(sale.product_id))
    return { kind: 'unknown', reason: 'The sale is of another product' };
  const subscriptionId = sale.subscription_id ?? null;
  if (subscriptionId && subscriber?.id !== subscriptionId) {
    try {
      subscriber = await gumroad.getSubscriber(subscriptionId);
    } catch (err) {
      if (!notFound(err)) throw err;
      subscriber = null;
    }
  }
  if (subscriber && (subscriber.id !== subscriptionId || subscriber.product_id !== sale.product_id))
    subscriber = null;
  return { kind: 'found', sale, subscriber };
}

const ENDED_STATUSES = new Set(['cancelled', 'failed_payment', 'fixed_subscription_period_ended']);

const time = (value: string | null | undefined) => {
  const parsed = value ? Date.parse(value) : Number.NaN;
  return Number.isNaN(parsed) ? null : new Date(parsed);
};

/**
 * The sale's state from Gumroad's answers: refunded (or charged back); ended (the subscription stopped); cancelled
 * (the buyer cancelled, paid until `cancelled_at`); else alive.
 */
export function saleStateOf(
  sale: GumroadSale,
  subscriber: GumroadSubscriber | null,
  now = new Date(),
): { state: SaleState; paidUntil: Date | null } {
  if (sale.refunded || sale.chargedback) return { state: 'refunded', paidUntil: null };
  if (subscriber) {
    const endedAt = time(subscriber.ended_at) ?? time(subscriber.failed_at);
    const cancelledAt = time(subscriber.cancelled_at);
    if (endedAt && endedAt <= now) return { state: 'ended', paidUntil: endedAt };
    if (ENDED_STATUSES.has(subscriber.status ?? '') && (!cancelledAt || cancelledAt <= now))
      return { state: 'ended', paidUntil: cancelledAt };
    if (
      cancelledAt ||
      subscriber.user_requested_cancellation_at ||
      subscriber.status === 'pending_cancellation'
    )
      return { state: 'cancelled', paidUntil: cancelledAt };
    return { state: 'alive', paidUntil: null };
  }
  if (sale.ended) return { state: 'ended', paidUntil: null };
  if (sale.cancelled) return { state: 'cancelled', paidUntil: null };
  return { state: 'alive', paidUntil: null };
}
