import { streamSSE } from 'hono/streaming';
import type { Ctx } from '../../http/context';
import type { PreparedRun } from './run-tool';

/**
 * The run's events as server-sent events (Hono's `streamSSE`). When the browser goes away the run is stopped and
 * its events are still read to their end, so the run is finished and stored. Headers set on the context before
 * (the end user's cookie) go with the answer.
 */
export function sseRun(c: Ctx, run: PreparedRun): Response {
  c.header('X-Run-Id', run.runId);
  return streamSSE(
    c,
    async (stream) => {
      const controller = new AbortController();
      stream.onAbort(() => controller.abort());
      for await (const event of run.events(controller.signal)) {
        // nobody reads them any more; the events store the run on their way out
        if (stream.aborted) continue;
        await stream.writeSSE({ data: JSON.stringify(event) });
      }
    },
    async (err) => {
      c.get('platform').logger.error({ err, runId: run.runId }, 'a run stream failed');
    },
  );
}
