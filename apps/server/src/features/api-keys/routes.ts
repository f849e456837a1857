import { OpenAPIHono } from '@hono/zod-openapi';
import { apiKeyCreateRequest, apiKeyParams, apiKeyCreatedResponse, apiKeysResponse } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { createApiKey } from './create-api-key';
import { listApiKeys } from './list-api-keys';
import { revokeApiKey } from './revoke-api-key';

/** `/api/apps/{appId}/api-keys`: an app's keys, managed by those who edit the app. */
export function apiKeyRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/api-keys',
      response: apiKeyCreatedResponse,
      summary: 'Creates an API key of the app (the key is in this answer only)',
      params: appParams,
      body: apiKeyCreateRequest,
      status: 201,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const platform = c.get('platform');
      const name = async () => (await body()).name;
      return c.json(await createApiKey({ platform, caller, appId: params.appId, name }), 201);
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/api-keys',
      response: apiKeysResponse,
      summary: "The app's live API keys",
      params: appParams,
    },
    async (c, { params }) =>
      c.json(
        await listApiKeys({ platform: c.get('platform'), caller: requireCaller(c), appId: params.appId }),
      ),
  );
  route(
    r,
    {
      method: 'delete',
      path: '/{appId}/api-keys/{keyId}',
      summary: 'Revokes an API key at once',
      params: apiKeyParams,
      status: 204,
    },
    async (c, { params }) => {
      await revokeApiKey({
        platform: c.get('platform'),
        caller: requireCaller(c),
        appId: params.appId,
        keyId: params.keyId,
      });
      return c.body(null, 204);
    },
  );
  return r;
}
