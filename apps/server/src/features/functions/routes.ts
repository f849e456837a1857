import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  AppError,
  invokeFunctionRequest,
  resourceIdSchema,
  saveSecretsRequest,
  appSecretsResponse,
  functionLogResponse,
  invokeFunctionResponse,
} from '@buildai/domain';
import { requireCaller, type AppEnv, type Caller, type Ctx } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { getSecrets, putSecrets, removeSecret } from './secrets';
import { functionLog, invokeFunction, type FunctionServices } from './invoke-function';

const functionParams = z.object({ appId: resourceIdSchema, name: z.string().min(1).max(64) });
/** An input is JSON of at most 1 MB, as the function's answer. */
const INVOKE_BODY_MAX_BYTES = 1_100_000;

/** The caller when signed in; a token that does not verify is refused rather than taken for a visitor. */
function callerOf(c: Ctx): Caller | null {
  const caller = c.get('caller');
  if (!caller && /^Bearer\s+\S/i.test(c.req.header('authorization') ?? ''))
    throw new AppError('auth/unauthenticated');
  return caller;
}

const secretParams = z.object({ appId: resourceIdSchema, secretKey: z.string().min(1).max(100) });

export type FunctionRoutesOptions = FunctionServices;

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
      response: appSecretsResponse,
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
      response: appSecretsResponse,
      summary: 'Sets secrets of a space app',
      params: appParams,
      body: saveSecretsRequest,
    },
    async (c, { params, body }) => {
      const caller = requireCaller(c);
      const platform = c.get('platform');
      // the app is checked before the body is read: another builder learns nothing from a bad body
      await getSecrets(platform, caller, params.appId);
      return c.json(
        await putSecrets({ platform, signingKey, caller, appId: params.appId, body: await body() }),
      );
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
      await removeSecret({
        platform: c.get('platform'),
        caller: requireCaller(c),
        appId: params.appId,
        key: params.secretKey,
      });
      return c.body(null, 204);
    },
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/functions/logs',
      response: functionLogResponse,
      summary: "A space app's newest function calls: errors, logs and timings (its builders)",
      params: appParams,
    },
    async (c, { params }) => c.json(await functionLog(c.get('platform'), requireCaller(c), params.appId)),
  );
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/functions/{name}',
      response: invokeFunctionResponse,
      summary: "Runs a server function of a space app with the caller's input and access",
      params: functionParams,
      body: invokeFunctionRequest,
      maxBodyBytes: INVOKE_BODY_MAX_BYTES,
    },
    async (c, { params, body }) => {
      const { input, preview } = await body();
      const result = await invokeFunction({
        platform: c.get('platform'),
        services: options,
        caller: callerOf(c),
        appId: params.appId,
        name: params.name,
        input,
        preview: preview ?? false,
      });
      return c.json({ result });
    },
  );
  return r;
}
