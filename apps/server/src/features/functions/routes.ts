import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { resourceIdSchema, saveSecretsRequest } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import type { SigningKey } from '../identity';
import { getSecrets, putSecrets, removeSecret } from './secrets';

const secretParams = z.object({ appId: resourceIdSchema, secretKey: z.string().min(1).max(100) });

export interface FunctionRoutesOptions {
  signingKey: SigningKey;
}

/**
 * Secrets and server functions of a space app under /api/apps (issue 31, decision 0014). The spec's secrets paths
 * (`/apps/{appId}/secrets`) are under the API's base like every other call of its §7.
 */
export function functionRoutes(options: FunctionRoutesOptions) {
  const { signingKey } = options;
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/secrets',
      summary: "A space app's secrets (keys only)",
      params: appParams,
    },
    async (c, { params }) => c.json(await getSecrets(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/secrets',
      summary: 'Sets secrets of a space app',
      params: appParams,
      body: saveSecretsRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const platform = c.get('platform');
      // the app is checked before the body is read: another builder learns nothing from a bad body
      await getSecrets(platform, caller, params.appId);
      return c.json(await putSecrets(platform, signingKey, caller, params.appId, await body()));
    },
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/secrets/{secretKey}',
      summary: 'Deletes a secret of a space app',
      params: secretParams,
      status: 204,
    },
    async (c, { params }) => {
      await removeSecret(c.get('platform'), requireCaller(c), params.appId, params.secretKey);
      return c.body(null, 204);
    },
  );
  return r;
}
