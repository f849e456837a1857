import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { resourceIdSchema, validateRequest } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { route } from '../../http/validation';
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
      summary: "Runs the detectors over a version's files (admins)",
      params: versionParams,
      body: validateRequest,
    },
    async (c, { params, body }) =>
      c.json(
        await validateVersion(c.get('platform'), requireCaller(c), params.appId, params.versionId, body),
      ),
  );
  return r;
}
