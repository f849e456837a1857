import { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { AppError, userMemoryResponse } from '@buildai/domain';
import type { AppEnv } from '../../http/context';
import { optionalAppQuery } from '../../http/params';
import { route } from '../../http/validation';
import { resolveTenant } from '../identity';
import { accountUser, cookieUser, END_USER_COOKIE } from '../../http/end-user';
import { readMemory } from './remember';

/**
 * `GET /api/live_api/user/memories/current?appId=`: what the caller asked this app to remember. The caller is
 * the signed-in user of the app's tenant, or, for an app, the visitor of the `bai_uid` cookie. A token that is
 * not valid here is refused (401); a visitor with neither token nor cookie has remembered nothing yet and gets the
 * empty memory, not an error every public page would log (docs/decisions/0006).
 */
export function memoryRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/memories/current',
      response: userMemoryResponse,
      summary: 'What the caller asked an app to remember',
      query: optionalAppQuery,
    },
    async (c, { query }) => {
      const platform = c.get('platform');
      const tenant = await resolveTenant(platform, query.appId);
      const appId = tenant.appId ?? tenant.tenantId;
      const caller = c.get('caller');
      const user =
        caller && caller.tenantId === tenant.tenantId
          ? accountUser(caller)
          : tenant.appId
            ? cookieUser(c)
            : null;
      if (!user && !c.req.header('authorization') && getCookie(c, END_USER_COOKIE) === undefined) {
        return c.json({ appId, values: {}, updatedAt: null });
      }
      if (!user) throw new AppError('auth/unauthenticated');
      return c.json(await readMemory(platform.db, appId, user.userKey));
    },
  );
  return r;
}
