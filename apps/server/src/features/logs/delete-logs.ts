import { sql } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, requireBuilder } from '../apps';
import { deleteConversations, eraseRunAndConversation, eraseRuns } from './erase';

export interface DeleteLogOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  runId: string;
}

/** `DELETE /api/apps/{appId}/logs/{runId}`: one run (an assistant turn: its whole conversation). */
export async function deleteLog({ platform, caller, appId, runId }: DeleteLogOptions): Promise<void> {
  const account = await requireBuilder(platform, caller);
  await loadOwnedApp(platform.db, account.accountId, appId);
  const n = await eraseRunAndConversation(platform.db, appId, runId);
  if (n === 0) throw new AppError('run/not-found');
}

/** `DELETE /api/apps/{appId}/logs`: every run and conversation of the app. */
export async function deleteAllLogs(platform: Platform, caller: Caller, appId: string): Promise<number> {
  const account = await requireBuilder(platform, caller);
  await loadOwnedApp(platform.db, account.accountId, appId);
  return platform.db.transaction(async (tx) => {
    const db = tx as unknown as typeof platform.db;
    const n = await eraseRuns(db, appId, sql`true`);
    await deleteConversations(db, appId, sql`true`);
    return n;
  });
}
