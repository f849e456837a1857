import { and, eq, gt, inArray } from 'drizzle-orm';
import { paymentPings } from '../../db/schema';
import type { Platform } from '../../platform';
import { enqueuePing } from './ping-jobs';

/** How long a ping whose lookups all failed keeps being tried again, one round of the payments schedule at a time. */
export const FAILED_PING_RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;

/**
 * A ping whose lookups all failed (Gumroad away longer than its tries last) is a sale that would otherwise be lost:
 * each round of the payments schedule opens such pings of the last three days again and queues them under a job id
 * of that round, so each gets a fresh set of tries. Answers how many were queued.
 */
export async function retryFailedPings(platform: Platform, round: string): Promise<number> {
  const since = new Date(Date.now() - FAILED_PING_RETRY_WINDOW_MS);
  const failed = await platform.db
    .select({ id: paymentPings.id })
    .from(paymentPings)
    .where(and(eq(paymentPings.status, 'failed'), gt(paymentPings.receivedAt, since)))
    .orderBy(paymentPings.receivedAt)
    .limit(500);
  if (failed.length === 0) return 0;
  const reopened = await platform.db
    .update(paymentPings)
    .set({ status: 'received', processedAt: null })
    .where(
      and(
        inArray(
          paymentPings.id,
          failed.map((p) => p.id),
        ),
        eq(paymentPings.status, 'failed'),
      ),
    )
    .returning({ id: paymentPings.id });
  for (const ping of reopened) await enqueuePing(platform, ping.id, round);
  platform.logger.info({ pings: reopened.length }, 'payments: failed pings tried again');
  return reopened.length;
}
