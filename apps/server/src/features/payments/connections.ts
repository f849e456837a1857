import { eq } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@buildai/domain';
import { paymentConnections } from '../../db/schema';
import type { Platform } from '../../platform';
import { openSecret, packSealed, sealSecret, unpackSealed } from '../identity';
import type { PaymentServices } from './services';

export type PaymentConnectionRow = typeof paymentConnections.$inferSelect;

/** The secret box's purpose for sellers' tokens; the app id is bound in, so a token copied to another app's row does not open. */
const PURPOSE = 'payment-connections v1';
const bindingOf = (appId: string) => `payment_connections/${appId}`;

export async function loadPaymentConnection(
  platform: Platform,
  appId: string,
): Promise<PaymentConnectionRow | null> {
  const [row] = await platform.db
    .select()
    .from(paymentConnections)
    .where(eq(paymentConnections.appId, appId));
  return row ?? null;
}

export interface StoreAccessTokenOptions {
  platform: Platform;
  services: PaymentServices;
  appId: string;
  accessToken: string;
}

/** Stores the app's Gumroad token, sealed; the connected product (if any) stays. */
export async function storeAccessToken({
  platform,
  services,
  appId,
  accessToken,
}: StoreAccessTokenOptions): Promise<void> {
  const sealed = packSealed(
    await sealSecret({
      signingKey: services.signingKey,
      purpose: PURPOSE,
      aad: bindingOf(appId),
      plaintext: accessToken,
    }),
  );
  await platform.db
    .insert(paymentConnections)
    .values({ appId, accessTokenEncrypted: sealed })
    .onConflictDoUpdate({
      target: paymentConnections.appId,
      set: { accessTokenEncrypted: sealed, updatedAt: new Date() },
    });
}

/** The app's Gumroad token, or null when none is stored (or it no longer opens, e.g. AUTH_SECRET changed). */
export async function accessTokenOf(
  platform: Platform,
  services: PaymentServices,
  row: PaymentConnectionRow | null,
): Promise<string | null> {
  if (!row?.accessTokenEncrypted) return null;
  try {
    return await openSecret({
      signingKey: services.signingKey,
      purpose: PURPOSE,
      aad: bindingOf(row.appId),
      sealed: unpackSealed(row.accessTokenEncrypted),
    });
  } catch (err) {
    platform.logger.warn({ err, appId: row.appId }, 'a stored Gumroad token could not be opened');
    return null;
  }
}

/**
 * The seller of a scope and what it sells: for an app, the builder's token and the connected product; for the
 * platform, the operator's token (GUMROAD_ACCESS_TOKEN) and the products named by the plan cards.
 */
export interface Seller {
  accessToken: string;
  productIds: Set<string>;
}

export async function sellerOf(
  platform: Platform,
  services: PaymentServices,
  scope: string,
): Promise<Seller | null> {
  if (scope === PLATFORM_TENANT_ID) {
    const token = platform.config.GUMROAD_ACCESS_TOKEN;
    const productIds = services.plans.flatMap((p) => (p.gumroadProductId ? [p.gumroadProductId] : []));
    return token ? { accessToken: token, productIds: new Set(productIds) } : null;
  }
  const row = await loadPaymentConnection(platform, scope);
  const accessToken = await accessTokenOf(platform, services, row);
  if (!accessToken || !row?.productId) return null;
  return { accessToken, productIds: new Set([row.productId]) };
}
