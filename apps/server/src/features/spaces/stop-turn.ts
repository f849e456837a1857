import { and, eq, sql } from 'drizzle-orm';
import { appChatMessages } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadChatApp } from './load-space-app';

interface RunningTurn {
  assistantId: string;
  stop: AbortController;
  /** settles once the answer is recorded */
  recorded: Promise<unknown>;
}

/** The turns this process runs, by app (one at a time per app: the chat lock). */
const running = new Map<string, RunningTurn>();

/**
 * A turn this process starts: its stop signal (aborts the model call where it is), and `recorded` to call with the
 * promise of its recorded answer once that exists. The turn leaves the map when it is recorded.
 */
export function startTurn(appId: string, assistantId: string) {
  const stop = new AbortController();
  const turn: RunningTurn = { assistantId, stop, recorded: Promise.resolve() };
  running.set(appId, turn);
  return {
    signal: stop.signal,
    stop: () => stop.abort(),
    recorded(finished: Promise<unknown>) {
      turn.recorded = finished;
      void finished.finally(() => {
        if (running.get(appId) === turn) running.delete(appId);
      });
    },
    /** the turn failed to start */
    drop() {
      if (running.get(appId) === turn) running.delete(appId);
    },
  };
}

/** How long the stop call waits for this process's turn to be recorded (it is recorded at once, but a write may lag). */
const STOP_WAIT_MS = 10_000;

/**
 * POST /api/apps/{appId}/chat/stop (issue 32, item 3): stops the running turn where it is. The model call is
 * aborted; what was complete (text so far, every applied action, a version when files changed) is recorded and the
 * answer is marked stopped. The request is written on the streaming row too, so the server holding the turn (another
 * process) stops it at its next heartbeat. Answers `stopped: false` when no turn runs.
 */
export async function stopTurn(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<{ stopped: boolean }> {
  await loadChatApp(platform, caller, appId);
  const asked = await platform.db
    .update(appChatMessages)
    .set({ annotation: sql`${appChatMessages.annotation} || '{"stopRequested":true}'::jsonb` })
    .where(
      and(
        eq(appChatMessages.appId, appId),
        eq(appChatMessages.role, 'assistant'),
        eq(appChatMessages.status, 'streaming'),
      ),
    )
    .returning({ messageId: appChatMessages.messageId });
  const local = running.get(appId);
  if (local && asked.some((row) => row.messageId === local.assistantId)) {
    local.stop.abort();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      local.recorded.catch(() => undefined),
      new Promise((resolve) => (timer = setTimeout(resolve, STOP_WAIT_MS))),
    ]);
    clearTimeout(timer);
  }
  return { stopped: asked.length > 0 };
}
