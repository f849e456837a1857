import type { Ctx } from '../../http/context';
import { streamToSocket } from '../../http/socket-stream';
import type { PreparedRun } from './run-tool';

const encoder = new TextEncoder();
const HEADERS = {
  'Content-Type': 'text/event-stream',
  'Cache-Control': 'no-cache',
  Connection: 'keep-alive',
};
const eventText = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const errorText = (err: unknown) => {
  const message = err instanceof Error ? err.message.replace(/[\r\n]+/g, ' ') : 'The run failed';
  return `event: error\ndata: ${message}\n\n`;
};

/**
 * The run's events as server-sent events: one `data:` line each, written to the socket as the connection takes them
 * (`streamToSocket`; decision 0005, "First token": Hono's `streamSSE` puts two more web streams and a promise per
 * hop in the way of every token, and one web stream of our own still cost a share of a run's CPU). An in-process
 * request gets the same events through one web stream. When the browser goes away the run is stopped and its events
 * are still read to their end, so the run is finished and stored. Headers set on the context before (the end
 * user's cookie) go with the answer. A run that fails ends its stream with an `error` event that has the failure's
 * message, as `streamSSE` did.
 */
export function sseRun(c: Ctx, run: PreparedRun): Response {
  const controller = new AbortController();
  const events = run.events(controller.signal);
  const failed = (err: unknown) =>
    c.get('platform').logger.error({ err, runId: run.runId }, 'a run stream failed');
  // nobody reads them any more: the model is stopped, and the events store the run on their way out
  const drain = async () => {
    controller.abort();
    try {
      for await (const _ of events) void _;
    } catch (err) {
      failed(err);
    }
  };
  const direct = streamToSocket(c, { 'X-Run-Id': run.runId, ...HEADERS }, async (socket) => {
    socket.onClose(() => controller.abort());
    for (;;) {
      let text: string;
      let last = false;
      try {
        const next = await events.next();
        if (next.done) break;
        text = eventText(next.value);
      } catch (err) {
        failed(err);
        text = errorText(err);
        last = true;
      }
      // the browser went away while this event was awaited: the rest is read without it
      if (socket.closed) return drain();
      await socket.write(text);
      if (last) break;
    }
    socket.end();
  });
  if (direct) return direct;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        const next = await events.next();
        // the browser went away while this event was awaited: the stream is closed, `cancel` reads the rest
        if (cancelled) return;
        if (next.done) return stream.close();
        stream.enqueue(encoder.encode(eventText(next.value)));
      } catch (err) {
        failed(err);
        if (cancelled) return;
        stream.enqueue(encoder.encode(errorText(err)));
        stream.close();
      }
    },
    async cancel() {
      cancelled = true;
      await drain();
    },
  });
  return c.body(body, 200, { 'X-Run-Id': run.runId, ...HEADERS });
}
