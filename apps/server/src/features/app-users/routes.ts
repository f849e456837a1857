import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  appUserEntrySchema,
  appUsersPageResponse,
  appUsersQuery,
  manageSubscriptionResponse,
  patchAppUserRequest,
  resourceIdSchema,
} from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { listAppUsers } from './list-app-users';
import { manageSubscription } from './manage-subscription';
import { patchAppUser } from './patch-app-user';

const userParams = z.object({ appId: resourceIdSchema, userId: resourceIdSchema });

/** `/api/apps/{appId}/users` (those who edit the app) and the member's `/membership/manage` link. */
export function appUserRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/users',
      summary: "The app's end users with their role and membership",
      params: appParams,
      query: appUsersQuery,
      response: appUsersPageResponse,
    },
    async (c, { params, query }) =>
      c.json(
        await listAppUsers({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          query,
        }),
      ),
  );
  route(
    r,
    {
      method: 'patch',
      path: '/{appId}/users/{userId}',
      summary: "Changes an end user's role, or disables them",
      params: userParams,
      body: patchAppUserRequest,
      response: appUserEntrySchema,
    },
    async (c, { params, body }) =>
      c.json(
        await patchAppUser({
          platform: c.get('platform'),
          caller: requireCaller(c),
          appId: params.appId,
          userId: params.userId,
          body,
        }),
      ),
  );
  route(
    r,
    {
      method: 'get',
      path: '/{appId}/membership/manage',
      summary: "The signed-in member's subscription management link",
      params: appParams,
      response: manageSubscriptionResponse,
    },
    async (c, { params }) =>
      c.json(await manageSubscription(c.get('platform'), c.get('caller'), params.appId)),
  );
  return r;
}
