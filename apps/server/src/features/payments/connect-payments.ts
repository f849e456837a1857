import { eq } from 'drizzle-orm';
import {
  AppError,
  GUMROAD_RESOURCES,
  type ConnectPaymentsResponse,
  type PaidMembershipsSettings,
} from '@buildai/domain';
import { apps, paymentConnections } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { readSettings, requireAppOwner, type AppChangeBus } from '../apps';
import { publicBaseUrl } from '../identity';
import { accessTokenOf, loadPaymentConnection } from './connections';
import { GumroadError, type GumroadClient, type GumroadProduct } from './gumroad-client';
import { toPaymentProduct } from './list-products';
import { gumroadClient, type PaymentServices } from './services';

export interface ConnectPaymentsOptions {
  platform: Platform;
  services: PaymentServices;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  productId: string;
}

/** Where Gumroad pings an app's sales (the ping route of this feature). */
export function pingUrlOf(platform: Platform, appId: string): string {
  return `${publicBaseUrl(platform)}/api/payments/gumroad/ping/${encodeURIComponent(appId)}`;
}

/**
 * POST /api/apps/{appId}/payments/connect (spec 001 §4, §7): checks the product at Gumroad with the stored token,
 * registers the four resource subscriptions (sale, refund, cancellation, subscription_ended) pointing at the
 * app's ping URL in place of earlier ones, and marks the setup completed.
 */
export async function connectPayments(opts: ConnectPaymentsOptions): Promise<ConnectPaymentsResponse> {
  const { platform, services, caller, appId, productId } = opts;
  // the owner's only: whose Gumroad account the app's sales go to is not a collaborator's choice
  const { app } = await requireAppOwner(platform, caller, appId);
  const settings = readSettings(app);
  if (!settings.isSignupEnabled) throw new AppError('payments/signup-required');
  const connection = await loadPaymentConnection(platform, appId);
  const token = await accessTokenOf(platform, services, connection);
  if (!token || !connection) throw new AppError('payments/no-access-token');
  const gumroad = gumroadClient(platform, token);

  let product: GumroadProduct;
  try {
    product = await gumroad.getProduct(productId);
  } catch (err) {
    if (err instanceof GumroadError && err.isNotFound)
      throw new AppError('payments/product-not-found', { field: 'productId' });
    throw failed(platform, appId, err);
  }
  let subscriptions: Record<string, string>;
  try {
    subscriptions = await replaceSubscriptions(
      gumroad,
      pingUrlOf(platform, appId),
      connection.resourceSubscriptions,
    );
  } catch (err) {
    throw failed(platform, appId, err);
  }

  const paidMembershipsProduct = { id: product.id, name: product.name };
  const paidMembershipsSettings: PaidMembershipsSettings = {
    paymentProvider: 'gumroad',
    hasPaymentProviderAccessToken: true,
    isSetupCompleted: true,
  };
  const now = new Date();
  await platform.db.transaction(async (tx) => {
    await tx
      .update(paymentConnections)
      .set({
        productId: product.id,
        productName: product.name,
        productUrl: product.short_url ?? product.url ?? null,
        product: { ...toPaymentProduct(product) },
        resourceSubscriptions: subscriptions,
        connectedAt: now,
        updatedAt: now,
      })
      .where(eq(paymentConnections.appId, appId));
    await tx
      .update(apps)
      .set({ appSettings: { ...settings, paidMembershipsProduct, paidMembershipsSettings }, updatedAt: now })
      .where(eq(apps.appId, appId));
  });
  await opts.changes.announce(appId);
  platform.logger.info({ appId, productId: product.id }, 'payments: app connected to Gumroad');
  return { paidMembershipsProduct, paidMembershipsSettings };
}

/**
 * Deletes the app's earlier resource subscriptions (those it registered, and any other posting to its ping URL)
 * and registers the four again: pings of a product change go to the same URL, once each.
 */
async function replaceSubscriptions(
  gumroad: GumroadClient,
  pingUrl: string,
  earlier: Record<string, string>,
): Promise<Record<string, string>> {
  const stale = new Set(Object.values(earlier));
  for (const resource of GUMROAD_RESOURCES)
    for (const sub of await gumroad.listResourceSubscriptions(resource))
      if (sub.post_url === pingUrl) stale.add(sub.id);
  for (const id of stale) {
    await gumroad.unsubscribe(id).catch((err: unknown) => {
      if (!(err instanceof GumroadError && err.isNotFound)) throw err;
    });
  }
  const registered: Record<string, string> = {};
  for (const resource of GUMROAD_RESOURCES)
    registered[resource] = (await gumroad.subscribe(resource, pingUrl)).id;
  return registered;
}

function failed(platform: Platform, appId: string, err: unknown): AppError {
  platform.logger.warn({ err, appId }, 'payments: connecting to Gumroad failed');
  return new AppError('payments/connect-failed');
}
