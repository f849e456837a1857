import { and, eq, isNull } from 'drizzle-orm';
import { AppError, type RateRunRequest, type RunRating } from '@buildai/domain';
import { runs } from '../../db/schema';
import type { EndUser } from '../../http/end-user';
import type { Platform } from '../../platform';

export interface RateRunOptions {
  platform: Platform;
  user: EndUser | null;
  appId: string;
  runId: string;
  body: () => Promise<{ rating: RateRunRequest['rating']; reason?: string }>;
}

/**
 * `POST /api/apps/{appId}/runs/{runId}/rating`: the end user's thumbs up or down, with an optional reason, on
 * their own tool result or assistant answer. Anyone else's run, or none, answers 404; a new rating replaces theirs.
 */
export async function rateRun({ platform, user, appId, runId, body }: RateRunOptions): Promise<RunRating> {
  if (!user) throw new AppError('run/not-found');
  const mine = and(
    eq(runs.runId, runId),
    eq(runs.appId, appId),
    eq(runs.userKey, user.userKey),
    isNull(runs.erasedAt),
  );
  const [found] = await platform.db.select({ runId: runs.runId }).from(runs).where(mine);
  if (!found) throw new AppError('run/not-found');
  const { rating, reason } = await body();
  const [row] = await platform.db
    .update(runs)
    .set({ rating, ratingReason: reason ? reason : null, ratedAt: new Date() })
    .where(mine)
    .returning({ runId: runs.runId, rating: runs.rating, reason: runs.ratingReason });
  if (!row?.rating) throw new AppError('run/not-found');
  return { runId: row.runId, rating: row.rating, reason: row.reason };
}
