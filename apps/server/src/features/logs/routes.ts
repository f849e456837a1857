import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  appPrivacyResponse,
  appPrivacySchema,
  devClockResponse,
  erasedResponse,
  logDetailResponse,
  logsPageResponse,
  logsQuery,
  myHistoryResponse,
  rateRunRequest,
  resourceIdSchema,
  runRatingResponse,
} from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { knownEndUser } from '../../http/end-user';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { deleteAllLogs, deleteLog } from './delete-logs';
import { exportLogs } from './export-logs';
import { getLog } from './get-log';
import { listLogs } from './list-logs';
import { deleteMyHistory, myHistory } from './my-history';
import { getPrivacy, savePrivacy } from './privacy';
import { rateRun } from './rate-run';
import { applyRetention } from './retention';

const runParams = z.object({ appId: resourceIdSchema, runId: resourceIdSchema });
const revealQuery = z.object({ reveal: z.enum(['true', 'false']).optional() });

/**
 * `/api/apps/{appId}/logs`, `/privacy` (builders who edit the app), `/runs/{runId}/rating` and `/my-history` (the
 * end user, of their own runs only). Decision 0018.
 */
export function logRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/logs',
      summary: "The app's tool runs and assistant turns, filtered, newest first",
      params: appParams,
      query: logsQuery,
      response: logsPageResponse,
    },
    async (c, { params, query }) =>
      c.json(
        await listLogs({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          filters: query,
        }),
      ),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/logs.csv',
      summary: 'The filtered logs as CSV',
      params: appParams,
      query: logsQuery,
      produces: 'text/csv',
    },
    async (c, { params, query }) => {
      const stream = await exportLogs({
        platform: c.get('platform'),
        caller: requireCaller(c),
        appId: params.appId,
        filters: query,
      });
      const day = new Date().toISOString().slice(0, 10);
      return c.body(stream, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="logs-${params.appId}-${day}.csv"`,
        'Cache-Control': 'no-store',
      });
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/logs/{runId}',
      summary: 'One run of the logs, with its conversation for an assistant turn',
      params: runParams,
      query: revealQuery,
      response: logDetailResponse,
    },
    async (c, { params, query }) =>
      c.json(
        await getLog({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          runId: params.runId,
          reveal: query.reveal === 'true',
        }),
      ),
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/logs/{runId}',
      summary: "Erases one run's inputs and answer (an assistant turn: its conversation)",
      params: runParams,
      status: 204,
    },
    async (c, { params }) => {
      await deleteLog({
        platform: c.get('platform'),
        caller: requireCaller(c),
        appId: params.appId,
        runId: params.runId,
      });
      return c.body(null, 204);
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/logs',
      summary: 'Erases every run and conversation of the app',
      params: appParams,
      response: erasedResponse,
    },
    async (c, { params }) =>
      c.json({ erased: await deleteAllLogs(c.get('platform'), requireCaller(c), params.appId) }),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/privacy',
      summary: "The app's log retention",
      params: appParams,
      response: appPrivacyResponse,
    },
    async (c, { params }) => c.json(await getPrivacy(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'put',
      path: '/{appId}/privacy',
      summary: "Sets the app's log retention and whether conversations are kept",
      params: appParams,
      body: appPrivacySchema.strict(),
      response: appPrivacyResponse,
    },
    async (c, { params, body }) =>
      c.json(
        await savePrivacy({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          body,
        }),
      ),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/runs/{runId}/rating',
      summary: "The end user's thumbs up or down on their own result or answer",
      params: runParams,
      body: rateRunRequest,
      response: runRatingResponse,
    },
    async (c, { params, body }) =>
      c.json(
        await rateRun({
          platform: c.get('platform'),
          user: knownEndUser(c, params.appId),
          appId: params.appId,
          runId: params.runId,
          body,
        }),
      ),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/my-history',
      summary: "The caller's own runs of the app",
      params: appParams,
      response: myHistoryResponse,
    },
    async (c, { params }) =>
      c.json(await myHistory(c.get('platform'), knownEndUser(c, params.appId), params.appId)),
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/my-history',
      summary: 'Erases everything the caller asked the app',
      params: appParams,
      response: erasedResponse,
    },
    async (c, { params }) =>
      c.json({
        erased: await deleteMyHistory(c.get('platform'), knownEndUser(c, params.appId), params.appId),
      }),
  );
  return r;
}

const clockRequest = z.object({
  advanceDays: z.number().int().min(0).max(3650),
});

/** `POST /api/dev/clock` outside production: moves the clock forward and runs the retention round now. */
export function devClockRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/api/dev/clock',
      summary: 'Moves the clock of scheduled work forward (outside production)',
      body: clockRequest,
      response: devClockResponse,
    },
    async (c, { body }) => {
      const { advanceDays } = await body();
      const platform = c.get('platform');
      platform.clock.advance(advanceDays * 86_400_000);
      const erased = await applyRetention(platform);
      return c.json({ now: platform.clock.now().toISOString(), erased });
    },
  );
  return r;
}
