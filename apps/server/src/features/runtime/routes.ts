import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { AppError, resourceIdSchema, runRequest, runResultResponse } from '@buildai/domain';
import { capBodyNow } from '../../http/body-cap';
import type { AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { knownEndUser, resolveEndUser } from '../../http/end-user';
import { getRunResult } from './get-run';
import type { PublishedTools } from './published-tools';
import type { RunAdmissions } from './run-limits';
import { prepareRun } from './run-tool';
import { sseRun } from './sse-run';

const RUN_BODY_MAX_BYTES = 4 * 1024 * 1024;
/** Inputs are text and photos scaled down in the browser: a few MB at most, refused as an image too large. */
const runBodyTooLarge = () => new AppError('upload/too-large');
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
      await capBodyNow(c, RUN_BODY_MAX_BYTES, runBodyTooLarge);
      const { inputs } = await body();
      const run = await prepareRun({
        platform: c.get('platform'),
        publishedTools,
        admissions,
        caller: c.get('caller'),
        user: resolveEndUser(c, params.appId),
        appId: params.appId,
        toolPath: params.toolPath,
        inputs,
      });
      return sseRun(c, run);
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/runs/{runId}',
      response: runResultResponse,
      summary: "A run's result",
      params: runResultParams,
    },
    async (c, { params }) =>
      c.json(
        await getRunResult({
          db: c.get('platform').db,
          appId: params.appId,
          runId: params.runId,
          userKey: knownEndUser(c, params.appId)?.userKey ?? null,
        }),
      ),
  );
  return r;
}
