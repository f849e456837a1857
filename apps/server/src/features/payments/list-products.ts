import { AppError, type PaymentProduct, type PaymentProductsResponse } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAppOwner } from '../apps';
import { accessTokenOf, loadPaymentConnection } from './connections';
import { GumroadError, type GumroadProduct } from './gumroad-client';
import { gumroadClient, type PaymentServices } from './services';

export interface ListProductsOptions {
  platform: Platform;
  services: PaymentServices;
  caller: Caller;
  appId: string;
  /** a token the builder is typing; without it, the app's stored one */
  accessToken?: string;
}

/**
 * GET /api/apps/{appId}/payments/products (spec 001 §7): the seller's products at Gumroad, for the app's owner.
 * Any failure at Gumroad (a bad token included) is 'Failed to fetch Gumroad products'.
 */
export async function listProducts(opts: ListProductsOptions): Promise<PaymentProductsResponse> {
  const { platform, services, caller, appId } = opts;
  // the owner's only: whose Gumroad account the app's sales go to is not a collaborator's choice
  await requireAppOwner(platform, caller, appId);
  const token =
    opts.accessToken ??
    (await accessTokenOf(platform, services, await loadPaymentConnection(platform, appId)));
  if (!token) throw new AppError('payments/no-access-token', { field: 'accessToken' });
  let products: GumroadProduct[];
  try {
    products = await gumroadClient(platform, token).listProducts();
  } catch (err) {
    // a token Gumroad refuses is the builder's to fix (400); Gumroad away or failing is an upstream error (502)
    if (err instanceof GumroadError && (err.status === 401 || err.status === 403))
      throw new AppError('payments/token-refused', { field: 'accessToken' });
    platform.logger.warn({ err, appId }, 'payments: Gumroad products could not be read');
    throw new AppError('payments/products-failed');
  }
  return { products: products.filter((p) => !p.deleted).map(toPaymentProduct) };
}

/** A Gumroad product as the settings panel and the plan dialog show it. */
export function toPaymentProduct(p: GumroadProduct): PaymentProduct {
  const prices = p.variants?.[0]?.options?.[0]?.recurrence_prices ?? null;
  const monthly = prices?.monthly?.price_cents;
  const yearly = prices?.yearly?.price_cents;
  return {
    id: p.id,
    name: p.name,
    url: p.short_url ?? p.url ?? '',
    priceCents: typeof monthly === 'number' ? monthly : p.price,
    yearlyPriceCents: typeof yearly === 'number' ? yearly : null,
    isSubscription: Boolean(p.is_tiered_membership || p.subscription_duration || p.recurrences?.length),
    currency: p.currency ?? 'usd',
  };
}
