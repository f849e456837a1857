import type { Ctx } from '../../http/context';
import type { PreparedRun } from './run-tool';

const encoder = new TextEncoder();

/**
 * The run's events as server-sent events: one `data:` line each, pulled from the run as the connection takes them,
 * one stream from the run to the socket (decision 0005, "First token": Hono's `streamSSE` puts two more web streams
 * and a promise per hop in the way of every token). When the browser goes away the run is stopped and its events
 * are still read to their end, so the run is finished and stored. Headers set on the context before (the end
 * user's cookie) go with the answer. A run that fails ends its stream with an `error` event that has the failure's
 * message, as `streamSSE` did.
 */
export function sseRun(c: Ctx, run: PreparedRun): Response {
  const controller = new AbortController();
  const events = run.events(controller.signal);
  const failed = (err: unknown) =>
    c.get('platform').logger.error({ err, runId: run.runId }, 'a run stream failed');
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      try {
        const next = await events.next();
        // the browser went away while this event was awaited: the stream is closed, `cancel` reads the rest
        if (cancelled) return;
        if (next.done) return stream.close();
        stream.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
      } catch (err) {
        failed(err);
        if (cancelled) return;
        const message = err instanceof Error ? err.message.replace(/[\r\n]+/g, ' ') : 'The run failed';
        stream.enqueue(encoder.encode(`event: error\ndata: ${message}\n\n`));
        stream.close();
      }
    },
    async cancel() {
      // nobody reads them any more; the events store the run on their way out
      cancelled = true;
      controller.abort();
      try {
        for await (const _ of events) void _;
      } catch (err) {
        failed(err);
      }
    },
  });
  return c.body(body, 200, {
    'X-Run-Id': run.runId,
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    Connection: 'keep-alive',
  });
}
