import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { AppError, GUMROAD_RESOURCES, PLATFORM_TENANT_ID } from '@buildai/domain';
import { newId } from '../../db/ids';
import { apps, paymentPings } from '../../db/schema';
import type { Platform } from '../../platform';
import { enqueuePing } from './ping-jobs';

/** Gumroad's ping: form fields, as its resource subscriptions post them. */
export type PingBody = Record<string, string>;

/**
 * POST /api/payments/gumroad/ping[/{appId}]: stores the ping before anything else, answers at once, and leaves the
 * work to a job (`payments.process-ping`). A ping is not signed, so nothing it says is acted on here: the job looks
 * the sale up at Gumroad. The same ping twice (Gumroad retries) is stored once and answered alike.
 */
export async function receivePing(
  platform: Platform,
  scope: string,
  body: PingBody,
): Promise<{ pingId: string; duplicate: boolean }> {
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
  const [stored] = await platform.db
    .insert(paymentPings)
    .values({ id: newId(), scope, resourceName, saleId, subscriptionId, dedupeKey, body })
    .onConflictDoNothing({ target: paymentPings.dedupeKey })
    .returning({ id: paymentPings.id, status: paymentPings.status });
  const ping =
    stored ??
    (
      await platform.db
        .select({ id: paymentPings.id, status: paymentPings.status })
        .from(paymentPings)
        .where(eq(paymentPings.dedupeKey, dedupeKey))
    )[0]!;
  // stored is what counts: a queue that refuses now (stopping, Redis away) is made up for at the next start
  if (ping.status === 'received') {
    await enqueuePing(platform, ping.id).catch((err: unknown) =>
      platform.logger.warn(
        { err, pingId: ping.id },
        'payments: ping stored, its job will be queued at the next start',
      ),
    );
  }
  return { pingId: ping.id, duplicate: !stored };
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
