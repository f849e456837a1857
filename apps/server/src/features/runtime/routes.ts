import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError, runRequest } from '@buildai/domain';
import { parseBody, type AppEnv } from '../../http/context';
import { resolveEndUser } from './end-user';
import { getRunResult } from './get-run';
import type { PublishedTools } from './published-tools';
import { prepareRun } from './run-tool';
import { sseRun } from './sse-run';

const RUN_BODY_MAX_BYTES = 4 * 1024 * 1024;
const tooLarge = (): never => {
  throw new AppError('upload/too-large');
};

/** The end-user runtime: anyone runs an active tool of a published app and reads its result back. */
export function runtimeRoutes(publishedTools: PublishedTools) {
  const r = new Hono<AppEnv>();
  // inputs are text and photos scaled down in the browser: a few MB at most
  r.post(
    '/:appId/tools/:toolPath/run',
    bodyLimit({ maxSize: RUN_BODY_MAX_BYTES, onError: tooLarge }),
    async (c) => {
      const { inputs } = await parseBody(c, runRequest);
      const appId = c.req.param('appId');
      const run = await prepareRun({
        platform: c.get('platform'),
        publishedTools,
        caller: c.get('caller'),
        user: resolveEndUser(c, appId),
        appId,
        toolPath: c.req.param('toolPath'),
        inputs,
      });
      return sseRun(c, run);
    },
  );
  r.get('/:appId/runs/:runId', async (c) =>
    c.json(await getRunResult(c.get('platform').db, c.req.param('appId'), c.req.param('runId'))),
  );
  return r;
}
