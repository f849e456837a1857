import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { runRequest } from '@buildai/domain';
import { parseBody, type AppEnv } from '../../http/context';
import { prepareRun } from './run-tool';

/** The end-user runtime: anyone runs an active tool of a published app. */
export function runtimeRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/:appId/tools/:toolPath/run', async (c) => {
    const { inputs } = await parseBody(c, runRequest);
    const run = await prepareRun(
      c.get('platform'),
      c.get('caller'),
      c.req.param('appId'),
      c.req.param('toolPath'),
      inputs,
    );
    c.header('X-Run-Id', run.runId);
    return streamSSE(c, async (stream) => {
      const controller = new AbortController();
      stream.onAbort(() => controller.abort());
      for await (const event of run.events(controller.signal)) {
        await stream.writeSSE({ data: JSON.stringify(event) });
      }
    });
  });
  return r;
}
