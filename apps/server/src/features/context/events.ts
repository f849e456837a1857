import { streamSSE } from 'hono/streaming';
import { contextItemEventSchema, type ContextItemEvent } from '@buildai/domain';
import type { Ctx } from '../../http/context';
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

/** Comment line that keeps proxies from closing an idle stream. */
export const KEEP_ALIVE_MS = 15_000;

/**
 * The app's item events as server-sent events (Hono's `streamSSE`): subscribed before the response is answered,
 * so nothing published after the call returns is missed; unsubscribed when the browser goes away.
 */
export async function sseItemEvents(c: Ctx, platform: Platform, appId: string): Promise<Response> {
  const pending: string[] = [];
  let write: (data: string) => void = (data) => void pending.push(data);
  const unsubscribe = await platform.events.subscribe(contextChannel(appId), (payload) => {
    // built through the domain's schema, as the browser parses it; anything else on the channel is skipped
    const parsed = contextItemEventSchema.safeParse(payload);
    if (parsed.success) write(JSON.stringify(parsed.data satisfies ContextItemEvent));
  });
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
    const send = (text: string) => {
      if (!stream.aborted && !stream.closed) stream.write(text).catch(() => undefined);
    };
    write = (data) => send(`data: ${data}\n\n`);
    send(': connected\n\n');
    for (const data of pending.splice(0)) write(data);
    const timer = setInterval(() => send(': keep-alive\n\n'), KEEP_ALIVE_MS);
    timer.unref?.();
    try {
      await closed;
    } finally {
      clearInterval(timer);
      await unsubscribe().catch((err: unknown) =>
        platform.logger.warn({ err, appId }, 'could not unsubscribe'),
      );
    }
  });
}
