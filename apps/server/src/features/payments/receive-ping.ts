import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError, GUMROAD_RESOURCES, PLATFORM_TENANT_ID } from '@buildai/domain';
import { newId } from '../../db/ids';
import { apps, paymentPings } from '../../db/schema';
import type { Platform } from '../../platform';
import { retryAfterSeconds } from '../../platform/limits';
import { loadPaymentConnection } from './connections';
import { enqueuePing } from './ping-jobs';
import type { PaymentServices } from './services';

/** Gumroad's ping: form fields, as its resource subscriptions post them. */
export type PingBody = Record<string, string>;

export interface ReceivePingOptions {
  platform: Platform;
  services: PaymentServices;
  scope: string;
  body: PingBody;
}

/**
 * POST /api/payments/gumroad/ping[/{appId}]: stores the ping before anything else, answers at once, and leaves the
 * work to a job (`payments.process-ping`). A ping is not signed, so nothing it says is acted on here: the job looks
 * the sale up at Gumroad. The same ping twice (Gumroad retries) is stored once and answered alike.
 *
 * A lookup costs the seller's Gumroad quota, so it is queued only for a ping that names the product the scope sells
 * (the app's connected product, the operator's plan products); any other ping is stored as `ignored` at once. The
 * lookups of one scope are capped per hour from all addresses together (PAYMENT_PING_LOOKUPS_PER_APP_PER_HOUR;
 * over it 429 and nothing is stored, so Gumroad posts it again later — docs/decisions/0016).
 */
export async function receivePing({
  platform,
  services,
  scope,
  body,
}: ReceivePingOptions): Promise<{ pingId: string; duplicate: boolean }> {
  if (scope !== PLATFORM_TENANT_ID) {
    const [app] = await platform.db.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, scope));
    if (!app) throw new AppError('app/not-found');
  }
  const resourceName = resourceOf(body);
  const saleId = body.sale_id?.trim() || purchaseIdsOf(body)[0] || null;
  const subscriptionId = body.subscription_id?.trim() || null;
  if (!saleId && !subscriptionId)
    throw new AppError('request/invalid', { message: 'A Gumroad ping names a sale or a subscription' });

  const dedupeKey = dedupeKeyOf(scope, resourceName, body);
  const known = await storedPing(platform, dedupeKey);
  if (known) return { pingId: (await queueIfOpen(platform, known)).id, duplicate: true };

  const ignored = await reasonToIgnore({ platform, services, scope, body });
  if (!ignored) {
    const rule = { points: platform.config.PAYMENT_PING_LOOKUPS_PER_APP_PER_HOUR, durationSec: 3600 };
    const verdict = await platform.limits.consume(`payment-lookups:${scope}`, rule);
    if (!verdict.allowed)
      throw new AppError('payments/too-many-pings', {
        details: { retryAfterSeconds: retryAfterSeconds(verdict) },
      });
  }
  const [stored] = await platform.db
    .insert(paymentPings)
    .values({
      id: newId(),
      scope,
      resourceName,
      saleId,
      subscriptionId,
      dedupeKey,
      body,
      ...(ignored ? { status: 'ignored' as const, error: ignored, processedAt: new Date() } : {}),
    })
    .onConflictDoNothing({ target: paymentPings.dedupeKey })
    .returning({ id: paymentPings.id, status: paymentPings.status });
  const ping = stored ?? (await storedPing(platform, dedupeKey))!;
  await queueIfOpen(platform, ping);
  return { pingId: ping.id, duplicate: !stored };
}

async function storedPing(platform: Platform, dedupeKey: string) {
  const [row] = await platform.db
    .select({ id: paymentPings.id, status: paymentPings.status })
    .from(paymentPings)
    .where(eq(paymentPings.dedupeKey, dedupeKey));
  return row ?? null;
}

/** Queues the lookup of a ping still open; stored is what counts, a queue that refuses now is made up for later. */
async function queueIfOpen(platform: Platform, ping: { id: string; status: string }) {
  if (ping.status === 'received') {
    await enqueuePing(platform, ping.id).catch((err: unknown) =>
      platform.logger.warn(
        { err, pingId: ping.id },
        'payments: ping stored, its job will be queued at the next start',
      ),
    );
  }
  return ping;
}

interface ReasonToIgnoreOptions {
  platform: Platform;
  services: PaymentServices;
  scope: string;
  body: PingBody;
}

/**
 * Why a ping is not worth a lookup, or null when it is: the scope sells nothing (no token or product), the ping
 * names no product (Gumroad's pings always do), or another product. Read from the stored connection alone.
 */
async function reasonToIgnore({
  platform,
  services,
  scope,
  body,
}: ReasonToIgnoreOptions): Promise<string | null> {
  let products: Set<string> | null;
  if (scope === PLATFORM_TENANT_ID) {
    const ids = services.plans.flatMap((p) => (p.gumroadProductId ? [p.gumroadProductId] : []));
    products = platform.config.GUMROAD_ACCESS_TOKEN ? new Set(ids) : null;
  } else {
    const row = await loadPaymentConnection(platform, scope);
    products = row?.accessTokenEncrypted && row.productId ? new Set([row.productId]) : null;
  }
  if (!products) return 'No Gumroad token or product for this scope';
  const productId = body.product_id?.trim();
  if (!productId) return 'The ping names no product';
  return products.has(productId) ? null : 'The sale is of another product';
}

function resourceOf(body: PingBody): string {
  const named = body.resource_name?.trim();
  if (named && (GUMROAD_RESOURCES as readonly string[]).includes(named)) return named;
  if (named)
    throw new AppError('request/invalid', { message: `Unknown Gumroad resource: ${named.slice(0, 50)}` });
  // Gumroad's product-level "Ping" setting posts sales without a resource name
  return body.refunded === 'true' ? 'refund' : 'sale';
}

/** `purchase_ids[0]=…` or `purchase_ids[]=…`, as a form encodes a list. */
export function purchaseIdsOf(body: PingBody): string[] {
  return Object.entries(body)
    .filter(([key, value]) => key.startsWith('purchase_ids') && value.trim() !== '')
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(([, value]) => value.trim());
}

/** The idempotency key: the scope, the resource and the whole body, its fields in a fixed order. */
function dedupeKeyOf(scope: string, resourceName: string, body: PingBody): string {
  const fields = Object.keys(body)
    .sort()
    .map((k) => [k, body[k]]);
  return createHash('sha256')
    .update(JSON.stringify([scope, resourceName, fields]))
    .digest('hex');
}
