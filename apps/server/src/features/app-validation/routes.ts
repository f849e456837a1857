import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  applyBundleRequest,
  repairRequest,
  resourceIdSchema,
  validateRequest,
  applyBundleResponse,
  repairResponse,
  validationResultSchema,
} from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import { applyBundle } from './apply-bundle';
import { repairVersion } from './repair-version';
import { validateVersion } from './validate-version';

const versionParams = z.object({ appId: resourceIdSchema, versionId: resourceIdSchema });

/** The validation and repair tester under /api/apps (spec 001 §7; decision 0013). */
export function appValidationRoutes() {
  const r = new OpenAPIHono<AppEnv>();
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
