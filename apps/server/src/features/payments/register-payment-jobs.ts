import { eq } from 'drizzle-orm';
import { paymentPings } from '../../db/schema';
import type { Platform } from '../../platform';
import { endPaidPeriods } from './account-effects';
import {
  enqueuePing,
  PING_ATTEMPTS,
  PING_BACKOFF_MS,
  PROCESS_PING_JOB,
  type ProcessPingData,
} from './ping-jobs';
import { processPing } from './process-ping';
import { registerOperatorPings } from './register-operator-pings';
import { retryFailedPings } from './retry-failed-pings';
import type { PaymentServices } from './services';

const END_PERIODS_JOB = 'payments.end-paid-periods';
/** How often cancelled subscriptions are checked for the end of their paid period, and failed pings tried again. */
export const END_PERIODS_EVERY_MS = 15 * 60_000;

/**
 * Registers the payments jobs and makes up for a stop: every ping still `received` is queued again (its job id is
 * the ping's, so a queue that still holds it adds nothing), and the end-of-period check starts its round. With
 * GUMROAD_ACCESS_TOKEN, the operator's products are made to ping this server.
 */
export function registerPaymentJobs(platform: Platform, services: PaymentServices): void {
  platform.jobs.register<ProcessPingData>(
    PROCESS_PING_JOB,
    (data, ctx) => processPing({ platform, services, pingId: data.pingId, ctx }),
    { attempts: PING_ATTEMPTS, backoffMs: PING_BACKOFF_MS, concurrency: 2 },
  );
  platform.jobs.register(
    END_PERIODS_JOB,
    async (_data, ctx) => {
      await endPaidPeriods(platform, services);
      await retryFailedPings(platform, `retry-${ctx.jobId}`);
      await scheduleEndPeriods(platform);
    },
    { attempts: 1 },
  );
  void recover(platform).catch((err: unknown) =>
    platform.logger.error({ err }, 'payments: queueing the pings a stop left failed'),
  );
  void registerOperatorPings(platform).catch((err: unknown) =>
    platform.logger.warn({ err }, "payments: the operator's Gumroad pings could not be registered"),
  );
}

async function recover(platform: Platform): Promise<void> {
  const waiting = await platform.db
    .select({ id: paymentPings.id })
    .from(paymentPings)
    .where(eq(paymentPings.status, 'received'))
    .orderBy(paymentPings.receivedAt);
  for (const ping of waiting) await enqueuePing(platform, ping.id);
  if (waiting.length)
    platform.logger.info({ pings: waiting.length }, 'payments: pings queued again after a stop');
  // once now (periods that ended while the server was down), then every round
  await platform.jobs.enqueue(END_PERIODS_JOB, {}, { jobId: `end-periods-start-${Date.now().toString(36)}` });
}

/** The next round, named by its time slot: instances sharing a queue add it once. */
async function scheduleEndPeriods(platform: Platform): Promise<void> {
  const slot = Math.floor(Date.now() / END_PERIODS_EVERY_MS) + 1;
  await platform.jobs.enqueue(
    END_PERIODS_JOB,
    {},
    { jobId: `end-periods-${slot}`, delayMs: slot * END_PERIODS_EVERY_MS - Date.now() },
  );
}
