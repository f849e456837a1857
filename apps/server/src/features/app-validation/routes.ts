import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  applyBundleRequest,
  repairRequest,
  resourceIdSchema,
  validateRequest,
  applyBundleResponse,
  publishCheckResponse,
  repairResponse,
  validationResultSchema,
} from '@buildai/domain';
import { requireCaller, type AppEnv, type Ctx } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import type { SigningKey } from '../identity';
import { applyBundle } from './apply-bundle';
import { publishCheck } from './publish-check';
import { repairVersion } from './repair-version';
import { validateVersion } from './validate-version';

const versionParams = z.object({ appId: resourceIdSchema, versionId: resourceIdSchema });

/**
 * The address this server answered the request on (its own socket, never the Host header a caller chose): the
 * publish check calls the data API there.
 */
function ownBaseUrl(c: Ctx): string {
  const socket = (
    c.env as { incoming?: { socket?: { localAddress?: string; localPort?: number } } } | undefined
  )?.incoming?.socket;
  const address = socket?.localAddress;
  if (!address || !socket.localPort) return `http://127.0.0.1:${c.get('platform').config.PORT}`;
  return `http://${address.includes(':') ? `[${address}]` : address}:${socket.localPort}`;
}

/** The validation and repair tester and the publish check under /api/apps (spec 001 §7; decision 0013). */
export function appValidationRoutes(signingKey: SigningKey) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/publish-check',
      summary: 'Tries each entity through the data API as visitors and end users would, and scans the pages',
      params: appParams,
      response: publishCheckResponse,
    },
    async (c, { params }) => {
      const caller = requireCaller(c);
      const authorization = c.req.header('authorization');
      if (!authorization) throw new AppError('auth/unauthenticated');
      return c.json(
        await publishCheck({
          platform: c.get('platform'),
          signingKey,
          caller,
          appId: params.appId,
          baseUrl: ownBaseUrl(c),
          authorization,
        }),
      );
    },
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/versions/{versionId}/validate',
      response: validationResultSchema,
      summary: "Runs the detectors over a version's files (admins)",
      params: versionParams,
      body: validateRequest,
    },
    async (c, { params, body }) =>
      c.json(
        await validateVersion({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          versionId: params.versionId,
          body,
        }),
      ),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/versions/{versionId}/repair',
      response: repairResponse,
      summary:
        "Repairs a version's issues (rules, then the model; a custom model beside it) into a bundle (admins)",
      params: versionParams,
      body: repairRequest,
    },
    async (c, { params, body }) =>
      c.json(
        await repairVersion({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          versionId: params.versionId,
          body,
        }),
      ),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/versions/{versionId}/apply-bundle',
      response: applyBundleResponse,
      summary: "Makes a repaired bundle the app's files, as a new version (admins)",
      params: versionParams,
      body: applyBundleRequest,
      maxBodyBytes: 8 * 1024 * 1024,
    },
    async (c, { params, body }) =>
      c.json(
        await applyBundle({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          versionId: params.versionId,
          body,
        }),
      ),
  );
  return r;
}
