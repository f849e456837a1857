import { Hono } from 'hono';
import { runRequest, type RunEvent } from '@buildai/domain';
import { parseBody, type AppEnv } from '../../http/context';
import type { PublishedTools } from './published-tools';
import { prepareRun } from './run-tool';

const encoder = new TextEncoder();

/**
 * Server-sent events from an event generator, one pull at a time. When the browser goes away the signal
 * is aborted and the generator is read to its end, so the run is still finished and stored.
 */
function sseResponse(
  events: AsyncGenerator<RunEvent>,
  controller: AbortController,
  headers: Record<string, string>,
) {
  const body = new ReadableStream<Uint8Array>({
    async pull(stream) {
      const next = await events.next();
      if (next.done) stream.close();
      else stream.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
    },
    async cancel() {
      controller.abort();
      for await (const _ of events) {
        // nobody reads them any more; the generator stores the run on its way out
      }
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...headers },
  });
}

/** The end-user runtime: anyone runs an active tool of a published app. */
export function runtimeRoutes(publishedTools: PublishedTools) {
  const r = new Hono<AppEnv>();
  r.post('/:appId/tools/:toolPath/run', async (c) => {
    const { inputs } = await parseBody(c, runRequest);
    const run = await prepareRun(
      c.get('platform'),
      publishedTools,
      c.get('caller'),
      c.req.param('appId'),
      c.req.param('toolPath'),
      inputs,
    );
    const controller = new AbortController();
    return sseResponse(run.events(controller.signal), controller, { 'X-Run-Id': run.runId });
  });
  return r;
}
