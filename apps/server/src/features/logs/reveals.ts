import { desc, eq } from 'drizzle-orm';
import type { LogReveal } from '@buildai/domain';
import { newId } from '../../db/ids';
import { accounts, logReveals } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';

const SHOWN_REVEALS = 20;

export interface RecordRevealOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  what: LogReveal['what'];
  runId?: string;
}

/** Records that the caller showed the logs' personal fields (decision 0018): who, when and where. */
export async function recordReveal({
  platform,
  caller,
  appId,
  what,
  runId,
}: RecordRevealOptions): Promise<void> {
  const [account] = await platform.db
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(eq(accounts.userId, caller.userId));
  await platform.db.insert(logReveals).values({
    id: newId(),
    appId,
    accountId: account?.accountId ?? null,
    email: caller.email,
    what,
    runId: runId ?? null,
  });
}

export async function latestReveals(platform: Platform, appId: string): Promise<LogReveal[]> {
  const rows = await platform.db
    .select({ email: logReveals.email, at: logReveals.createdAt, what: logReveals.what })
    .from(logReveals)
    .where(eq(logReveals.appId, appId))
    .orderBy(desc(logReveals.createdAt))
    .limit(SHOWN_REVEALS);
  return rows.map((r) => ({ email: r.email, at: r.at.toISOString(), what: r.what }));
}
