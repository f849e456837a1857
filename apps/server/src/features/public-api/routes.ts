import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { apiRunRequest, apiRunResponse, resourceIdSchema, type ApiRunResponse } from '@buildai/domain';
import type { AppEnv } from '../../http/context';
import { answered, route } from '../../http/validation';
import { authenticateKey, bearerOf } from '../api-keys';
import { collectRun, sseRun, type PublishedTools, type RunAdmissions } from '../runtime';
import { prepareApiRun } from './prepare-api-run';

/** Inputs are text, and photos as data: the web runtime's cap. */
const API_RUN_BODY_MAX_BYTES = 4 * 1024 * 1024;
const apiRunParams = z.object({ appId: resourceIdSchema, toolPath: resourceIdSchema });

/** `/api/v1/apps/{appId}/tools/{toolPath}/run`: the REST API, with an API key of the app as bearer. */
export function publicApiRoutes(publishedTools: PublishedTools, admissions: RunAdmissions) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/tools/{toolPath}/run',
      summary:
        'Runs an active tool of the app with an API key: the whole answer as JSON, or its server-sent events with stream',
      params: apiRunParams,
      body: apiRunRequest,
      response: apiRunResponse,
      produces: 'text/event-stream',
      auth: 'apiKey',
      maxBodyBytes: API_RUN_BODY_MAX_BYTES,
    },
    async (c, { params, body }) => {
      const platform = c.get('platform');
      const key = await authenticateKey({ platform, token: bearerOf(c), appId: params.appId });
      let stream = false;
      const run = await prepareApiRun({
        platform,
        publishedTools,
        admissions,
        key,
        toolPath: params.toolPath,
        inputs: async () => {
          const sent = await body();
          stream = sent.stream === true;
          return sent.inputs;
        },
        source: 'api',
      });
      if (stream) return answered(apiRunResponse, sseRun(c, run));
      const done: ApiRunResponse = await collectRun(run, c.req.raw.signal);
      return c.json(done, 200, { 'X-Run-Id': done.runId });
    },
  );
  return r;
}
