import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  evaluationRunSchema,
  evaluationSchema,
  resourceIdSchema,
  saveEvaluationRequest,
  startEvaluationRunRequest,
} from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import type { PublishedTools } from '../runtime';
import { getEvaluation } from './get-evaluation';
import { getEvaluationRun } from './get-run';
import { saveEvaluation } from './save-evaluation';
import { startEvaluationRun } from './start-run';

/** `{target}` is a tool's id or `assistant` (decision 0019). */
const targetParams = z.object({ appId: resourceIdSchema, target: resourceIdSchema });
const runParams = targetParams.extend({ runId: resourceIdSchema });

/** `/api/apps/{appId}/evaluations/…` (builders who edit the app). */
export function evaluationRoutes(publishedTools: PublishedTools) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/evaluations/{target}',
      summary: "A tool's (or the assistant's) evaluation: its cases and latest runs",
      params: targetParams,
      response: evaluationSchema,
    },
    async (c, { params }) =>
      c.json(
        await getEvaluation({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          targetId: params.target,
        }),
      ),
  );
  route(
    r,
    {
      method: 'put',
      path: '/{appId}/evaluations/{target}',
      summary: "Saves the evaluation's test cases",
      params: targetParams,
      body: saveEvaluationRequest,
      response: evaluationSchema,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      return c.json(
        await saveEvaluation({
          platform: c.get('platform'),
          caller,
          appId: params.appId,
          targetId: params.target,
          input: await body(),
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/evaluations/{target}/runs',
      summary: 'Runs the evaluation against one variant, or two side by side',
      params: targetParams,
      body: startEvaluationRunRequest,
      status: 201,
      response: evaluationRunSchema,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const input = await body();
      const run = await startEvaluationRun({
        platform: c.get('platform'),
        publishedTools,
        caller,
        appId: params.appId,
        targetId: params.target,
        input,
      });
      return c.json(run, 201);
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/evaluations/{target}/runs/{runId}',
      summary: 'One evaluation run with the answer and checks of every case',
      params: runParams,
      response: evaluationRunSchema,
    },
    async (c, { params }) =>
      c.json(
        await getEvaluationRun({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          targetId: params.target,
          runId: params.runId,
        }),
      ),
  );
  return r;
}
