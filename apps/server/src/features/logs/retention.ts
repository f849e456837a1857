import { isNotNull } from 'drizzle-orm';
import { appPrivacy } from '../../db/schema';
import type { Platform } from '../../platform';
import { eraseBefore } from './erase';

const DAY_MS = 86_400_000;
export const RETENTION_JOB = 'logs.retention';
/** How often the apps' retention is applied. */
export const RETENTION_EVERY_MS = 60 * 60_000;

/** Erases what the app keeps past its retention, by the platform's clock. */
export async function sweepApp(
  platform: Platform,
  appId: string,
  retentionDays: number | null,
): Promise<number> {
  if (retentionDays === null) return 0;
  const cutoff = new Date(platform.clock.now().getTime() - retentionDays * DAY_MS);
  return eraseBefore(platform.db, appId, cutoff);
}

/** One round over every app with a retention. */
export async function applyRetention(platform: Platform): Promise<number> {
  const rows = await platform.db
    .select({ appId: appPrivacy.appId, days: appPrivacy.retentionDays })
    .from(appPrivacy)
    .where(isNotNull(appPrivacy.retentionDays));
  let erased = 0;
  for (const row of rows) erased += await sweepApp(platform, row.appId, row.days);
  if (erased > 0) platform.logger.info({ runs: erased }, 'logs: erased runs past their retention');
  return erased;
}

/** Runs the retention round now (the clock moved, or the server started). */
export async function enqueueRetention(platform: Platform, reason: string): Promise<void> {
  await platform.jobs.enqueue(
    RETENTION_JOB,
    { scheduled: false },
    { jobId: `retention-${reason}-${Date.now().toString(36)}` },
  );
}

/** Registers the round; it runs at start and then every RETENTION_EVERY_MS, once per slot across instances. */
export function registerRetentionJob(platform: Platform): void {
  platform.jobs.register(
    RETENTION_JOB,
    async (data: { scheduled?: boolean }) => {
      await applyRetention(platform);
      if (data.scheduled !== false) await scheduleNext(platform);
    },
    { attempts: 1 },
  );
  void platform.jobs
    .enqueue(RETENTION_JOB, {}, { jobId: `retention-start-${Date.now().toString(36)}` })
    .catch((err: unknown) => platform.logger.error({ err }, 'logs: could not start the retention round'));
}

async function scheduleNext(platform: Platform): Promise<void> {
  const slot = Math.floor(Date.now() / RETENTION_EVERY_MS) + 1;
  await platform.jobs.enqueue(
    RETENTION_JOB,
    {},
    { jobId: `retention-${slot}`, delayMs: slot * RETENTION_EVERY_MS - Date.now() },
  );
}
