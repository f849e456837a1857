import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { AppError, resourceIdSchema, runRequest, type RunEvent } from '@buildai/domain';
import type { AppEnv, Ctx } from '../../http/context';
import { route } from '../../http/validation';
import { resolveEndUser } from '../../http/end-user';
import { getRunResult } from './get-run';
import type { PublishedTools } from './published-tools';
import type { RunAdmissions } from './run-limits';
import { prepareRun } from './run-tool';

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
/** Inputs are text and photos scaled down in the browser: a few MB at most, refused as an image too large. */
const runBodyLimit = bodyLimit({
  maxSize: RUN_BODY_MAX_BYTES,
  onError: () => {
    throw new AppError('upload/too-large');
  },
});
const runParams = z.object({ appId: resourceIdSchema, toolPath: resourceIdSchema });
const runResultParams = z.object({ appId: resourceIdSchema, runId: resourceIdSchema });

/** The end-user runtime: anyone runs an active tool of a published app and reads its result back. */
export function runtimeRoutes(publishedTools: PublishedTools, admissions: RunAdmissions) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/tools/{toolPath}/run',
      summary: 'Runs an active tool of a published app (server-sent events)',
      params: runParams,
      body: runRequest,
      maxBodyBytes: 'own',
      produces: 'text/event-stream',
    },
    async (c, { params, body }) => {
      await runBodyLimit(c, async () => {});
      const { inputs } = await body();
      const run = await prepareRun(
        c.get('platform'),
        publishedTools,
        admissions,
        c.get('caller'),
        resolveEndUser(c, params.appId),
        params.appId,
        params.toolPath,
        inputs,
      );
      const controller = new AbortController();
      return sseResponse(c, run.events(controller.signal), controller, { 'X-Run-Id': run.runId });
    },
  );
  route(
    r,
    { method: 'get', path: '/{appId}/runs/{runId}', summary: "A run's result", params: runResultParams },
    async (c, { params }) => c.json(await getRunResult(c.get('platform').db, params.appId, params.runId)),
  );
  return r;
}
