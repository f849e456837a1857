import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { getMembership } from './get-membership';
import { membershipStatusResponse } from '@buildai/domain';

/** /api/apps: what an app's public pages need to gate their visitor. */
export function membershipRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/membership',
      response: membershipStatusResponse,
      summary: "Whether the app asks for a membership, whether the caller has one, and the app's plan",
      params: appParams,
    },
    async (c, { params }) =>
      c.json(
        await getMembership({ platform: c.get('platform'), caller: c.get('caller'), appId: params.appId }),
      ),
  );
  return r;
}
