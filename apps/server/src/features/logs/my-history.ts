import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { MyHistoryEntry } from '@buildai/domain';
import { runs, tools } from '../../db/schema';
import type { EndUser } from '../../http/end-user';
import type { Platform } from '../../platform';
import { deleteConversations, eraseRuns } from './erase';

const HISTORY_SIZE = 100;

/** `GET /api/apps/{appId}/my-history`: the caller's own latest runs of the app, nobody else's. */
export async function myHistory(
  platform: Platform,
  user: EndUser | null,
  appId: string,
): Promise<MyHistoryEntry[]> {
  if (!user) return [];
  const rows = await platform.db
    .select({
      runId: runs.runId,
      createdAt: runs.createdAt,
      toolId: runs.toolId,
      toolTitle: tools.title,
      inputs: runs.inputs,
      output: runs.output,
      rating: runs.rating,
    })
    .from(runs)
    .leftJoin(tools, eq(tools.toolId, runs.toolId))
    .where(and(eq(runs.appId, appId), eq(runs.userKey, user.userKey), isNull(runs.erasedAt)))
    .orderBy(desc(runs.createdAt))
    .limit(HISTORY_SIZE);
  return rows.map((r) => ({
    runId: r.runId,
    createdAt: r.createdAt.toISOString(),
    kind: r.toolId ? 'tool' : 'assistant',
    toolTitle: r.toolTitle,
    inputs: r.inputs,
    output: r.output,
    rating: r.rating ?? null,
  }));
}

/**
 * `DELETE /api/apps/{appId}/my-history`: the end user erases everything they asked the app (runs' inputs and
 * answers, their conversations). Their runs still count toward the run limits.
 */
export async function deleteMyHistory(
  platform: Platform,
  user: EndUser | null,
  appId: string,
): Promise<number> {
  if (!user) return 0;
  return platform.db.transaction(async (tx) => {
    const db = tx as unknown as typeof platform.db;
    const n = await eraseRuns(db, appId, sql`r.user_key = ${user.userKey}`);
    await deleteConversations(db, appId, sql`c.user_key = ${user.userKey}`);
    return n;
  });
}
