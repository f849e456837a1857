import type { ContextItemEvent } from '@buildai/domain';
import type { Platform } from '../../platform';

/** The events channel of an app's item status changes (docs/decisions/0004). */
export const contextChannel = (appId: string) => `context.${appId}`;

/** Announces a status change; a failure to announce is logged, the change itself stands. */
export async function publishItemEvent(
  platform: Platform,
  appId: string,
  event: ContextItemEvent,
): Promise<void> {
  try {
    await platform.events.publish(contextChannel(appId), event);
  } catch (err) {
    platform.logger.warn({ err, appId, itemId: event.id }, 'could not announce a data item change');
  }
}

const encoder = new TextEncoder();
/** Comment line that keeps proxies from closing an idle stream. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * A text/event-stream of the app's item events: subscribed before the response is answered, so nothing published
 * after the call returns is missed; unsubscribed when the browser goes away.
 */
export async function itemEventStream(
  platform: Platform,
  appId: string,
  abort: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let closed = false;
  const pending: string[] = [];
  const send = (text: string) => {
    if (closed) return;
    if (controller) controller.enqueue(encoder.encode(text));
    else pending.push(text);
  };
  const unsubscribe = await platform.events.subscribe(contextChannel(appId), (payload) => {
    const e = (payload ?? {}) as Partial<ContextItemEvent>;
    if (typeof e.id !== 'string' || typeof e.status !== 'string') return;
    const event: ContextItemEvent = {
      id: e.id,
      status: e.status,
      numOfChunks: Number(e.numOfChunks ?? 0),
      lastSyncedAt: e.lastSyncedAt ?? null,
      errorMessage: e.errorMessage ?? null,
    };
    send(`data: ${JSON.stringify(event)}\n\n`);
  });
  const timer = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
  timer.unref?.();
  const stop = () => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    unsubscribe().catch((err) => platform.logger.warn({ err, appId }, 'could not unsubscribe'));
  };
  const onAbort = () => {
    const c = controller;
    stop();
    try {
      c?.close();
    } catch {
      // already closed by the reader
    }
  };
  if (abort.aborted) onAbort();
  else abort.addEventListener('abort', onAbort, { once: true });
  return new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
      c.enqueue(encoder.encode(': connected\n\n'));
      for (const text of pending.splice(0)) c.enqueue(encoder.encode(text));
      if (closed) c.close();
    },
    cancel() {
      abort.removeEventListener('abort', onAbort);
      stop();
    },
  });
}
