import { and, eq } from 'drizzle-orm';
import { paymentPings } from '../../db/schema';
import type { Platform } from '../../platform';
import type { JobContext } from '../../platform/jobs/types';
import { applyAccountEffects } from './account-effects';
import { sellerOf } from './connections';
import { lookUpSale } from './look-up-sale';
import { PING_ATTEMPTS } from './ping-jobs';
import { purchaseIdsOf } from './receive-ping';
import { recordSale } from './record-sale';
import type { PaymentServices } from './services';

type PingStatus = 'received' | 'done' | 'failed' | 'ignored';

export interface ProcessPingOptions {
  platform: Platform;
  services: PaymentServices;
  pingId: string;
  ctx: Pick<JobContext, 'attempt' | 'signal'>;
}

/**
 * The job of a stored ping: the sale is looked up at Gumroad with the seller's token (the app's, or the operator's
 * for `platform`), written as Gumroad answers, and the accounts it belongs to are settled. A ping Gumroad does not
 * back (unknown sale, another seller's or another product's) changes nothing and is marked `ignored`. A failure is
 * thrown to be tried again; after the last try the ping is marked `failed`. A stop in between leaves it `received`,
 * and the next start queues it again.
 */
export async function processPing({ platform, services, pingId, ctx }: ProcessPingOptions): Promise<void> {
  const [ping] = await platform.db.select().from(paymentPings).where(eq(paymentPings.id, pingId));
  if (!ping || ping.status !== 'received') return;
  const mark = (status: PingStatus, error: string | null = null) =>
    platform.db
      .update(paymentPings)
      .set({ status, error, attempts: ctx.attempt, processedAt: status === 'received' ? null : new Date() })
      // only a ping still open: a duplicate run of the same job (a queue's retry racing a stop) changes nothing
      .where(and(eq(paymentPings.id, pingId), eq(paymentPings.status, 'received')));
  try {
    const seller = await sellerOf(platform, services, ping.scope);
    if (!seller) return void (await mark('ignored', 'No Gumroad token or product for this scope'));
    const lookedUpAt = new Date();
    const found = await lookUpSale(platform, seller, {
      saleId: ping.saleId ?? purchaseIdsOf(ping.body)[0],
      subscriptionId: ping.subscriptionId,
    });
    if (found.kind === 'unknown') {
      platform.logger.warn({ pingId, scope: ping.scope, reason: found.reason }, 'payments: ping ignored');
      return void (await mark('ignored', found.reason));
    }
    const sale = await recordSale({ platform, scope: ping.scope, found, lookedUpAt });
    await applyAccountEffects(platform, services, sale);
    await mark('done');
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // a stop is not a failure: the ping stays `received` for the next start
    if (ctx.signal.aborted) throw err;
    if (ctx.attempt >= PING_ATTEMPTS) {
      platform.logger.error({ err, pingId }, 'payments: ping failed after its last try');
      return void (await mark('failed', message));
    }
    await mark('received', message);
    throw err;
  }
}
