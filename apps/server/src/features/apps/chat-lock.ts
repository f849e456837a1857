import { and, eq, lt } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appChatMessages, apps } from '../../db/schema';

/** A turn that takes longer is stopped where it is (it still records what it did). */
export const TURN_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * A streaming assistant row not written for this long belongs to a turn whose server stopped: it no longer blocks
 * the chat. It is longer than a turn may run (plus a minute to record it), since a model may stay silent for minutes
 * before its first token: a live turn taken for a dead one would run beside the next and both would write the files.
 */
export const STALE_TURN_MS = TURN_TIMEOUT_MS + 60 * 1000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Locks the app's row for the transaction of a file write: writes of one app take turns with each other and with a
 * restore, so the file count cannot pass MAX_APP_FILES between its check and the insert, and a file saved during a
 * restore cannot collide with the restored files (a unique-key failure). Taken before any file row, as the chat's
 * lock is, so the two never wait on each other in opposite orders.
 */
export async function lockAppFiles(tx: Tx, appId: string): Promise<void> {
  await tx.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, appId)).for('update');
}

/**
 * Locks the app's row for the transaction, so two requests cannot both start a turn (or restore during one), and
 * refuses while a turn runs (409 `space/chat-busy`). A stale turn is closed as failed on the way.
 */
export async function lockChat(tx: Tx, appId: string): Promise<void> {
  await tx.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, appId)).for('update');
  const streaming = await tx
    .select({ messageId: appChatMessages.messageId, updatedAt: appChatMessages.updatedAt })
    .from(appChatMessages)
    .where(and(eq(appChatMessages.appId, appId), eq(appChatMessages.status, 'streaming')));
  const staleBefore = new Date(Date.now() - STALE_TURN_MS);
  if (streaming.some((row) => row.updatedAt >= staleBefore)) throw new AppError('space/chat-busy');
  if (streaming.length > 0) {
    await tx
      .update(appChatMessages)
      .set({ status: 'error' })
      .where(
        and(
          eq(appChatMessages.appId, appId),
          eq(appChatMessages.status, 'streaming'),
          lt(appChatMessages.updatedAt, staleBefore),
        ),
      );
  }
}

/**
 * Refuses a write of the panels to a generated app while its App Chat runs a turn (409 `space/chat-busy`): the
 * turn's actions write the same tools, and the panels' save sends a whole definition that would undo them
 * (decision 0015, "Taking turns"). The web saves what waits before it sends a message.
 */
export async function refuseDuringTurn(db: Db, app: { appId: string; appType: string }): Promise<void> {
  if (app.appType !== 'generated') return;
  const staleBefore = new Date(Date.now() - STALE_TURN_MS);
  const running = await db
    .select({ messageId: appChatMessages.messageId, updatedAt: appChatMessages.updatedAt })
    .from(appChatMessages)
    .where(and(eq(appChatMessages.appId, app.appId), eq(appChatMessages.status, 'streaming')));
  if (running.some((row) => row.updatedAt >= staleBefore)) throw new AppError('space/chat-busy');
}
