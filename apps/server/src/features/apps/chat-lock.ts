import { and, eq, lt, sql } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appChatMessages, apps } from '../../db/schema';
import type { Logger } from '../../platform/logger';

/** A turn that takes longer is stopped where it is (it still records what it did). */
export const TURN_TIMEOUT_MS = 10 * 60 * 1000;

/**
 * A running turn touches its streaming row this often, whatever the model is doing (it may stay silent for minutes
 * before its first token): the heartbeat says the server holding the turn is alive.
 */
export const TURN_HEARTBEAT_MS = 5 * 1000;

/**
 * A streaming assistant row whose heartbeat has been missing this long belongs to a turn whose server stopped: it no
 * longer blocks the chat (docs/decisions/0016). Six missed heartbeats: a live turn taken for a dead one would run
 * beside the next and both would write the files, so a busy database's slow write must not be enough.
 */
export const STALE_TURN_MS = 6 * TURN_HEARTBEAT_MS;

export interface KeepTurnAliveOptions {
  db: Db;
  messageId: string;
  logger: Logger;
  onStopRequested?: () => void;
}

/**
 * Keeps a running turn's streaming row fresh until the answer is recorded (or fails): answers the stop. Only a row
 * still streaming is touched, so a late beat never reopens a closed turn.
 */
export function keepTurnAlive({ db, messageId, logger, onStopRequested }: KeepTurnAliveOptions): () => void {
  const timer = setInterval(() => {
    db.update(appChatMessages)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(appChatMessages.messageId, messageId), eq(appChatMessages.status, 'streaming')))
      .returning({
        stop: sql<boolean>`coalesce((${appChatMessages.annotation}->>'stopRequested')::boolean, false)`,
      })
      .then(([row]) => {
        if (row?.stop) onStopRequested?.();
      })
      .catch((err: unknown) => logger.warn({ err, messageId }, 'a turn heartbeat was not written'));
  }, TURN_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * At the start of an embedded server (PGlite: one process holds its data directory), every turn still streaming
 * belongs to the last process, which stopped: closed as failed at once, so the chat is free without waiting.
 */
export async function closeTurnsOfLastProcess(db: Db): Promise<number> {
  const closed = await db
    .update(appChatMessages)
    .set({ status: 'error', updatedAt: sql`now()` })
    .where(eq(appChatMessages.status, 'streaming'))
    .returning({ messageId: appChatMessages.messageId });
  return closed.length;
}

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
