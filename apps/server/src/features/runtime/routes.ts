import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError, runRequest, type RunEvent } from '@buildai/domain';
import { parseBody, type AppEnv, type Ctx } from '../../http/context';
import { resolveEndUser } from '../../http/end-user';
import { getRunResult } from './get-run';
import type { PublishedTools } from './published-tools';
import { prepareRun } from './run-tool';
import type { RunAdmissions } from './run-limits';

const encoder = new TextEncoder();

/**
 * Server-sent events from an event generator, one pull at a time. When the browser goes away the signal
 * is aborted and the generator is read to its end, so the run is still finished and stored. Sent through the
 * context so headers set earlier (the end user's cookie) go with it.
 */
function sseResponse(
  c: Ctx,
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
  return c.body(body, 200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', ...headers });
}

const RUN_BODY_MAX_BYTES = 4 * 1024 * 1024;
const tooLarge = (): never => {
  throw new AppError('upload/too-large');
};

/** The end-user runtime: anyone runs an active tool of a published app and reads its result back. */
export function runtimeRoutes(publishedTools: PublishedTools, admissions: RunAdmissions) {
  const r = new Hono<AppEnv>();
  // inputs are text and photos scaled down in the browser: a few MB at most
  r.post(
    '/:appId/tools/:toolPath/run',
    bodyLimit({ maxSize: RUN_BODY_MAX_BYTES, onError: tooLarge }),
    async (c) => {
      const { inputs } = await parseBody(c, runRequest);
      const appId = c.req.param('appId');
      const run = await prepareRun(
        c.get('platform'),
        publishedTools,
        admissions,
        c.get('caller'),
        resolveEndUser(c, appId),
        appId,
        c.req.param('toolPath'),
        inputs,
      );
      const controller = new AbortController();
      return sseResponse(c, run.events(controller.signal), controller, { 'X-Run-Id': run.runId });
    },
  );
  r.get('/:appId/runs/:runId', async (c) =>
    c.json(await getRunResult(c.get('platform').db, c.req.param('appId'), c.req.param('runId'))),
  );
  return r;
}
