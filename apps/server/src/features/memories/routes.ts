import { Hono } from 'hono';
import { AppError } from '@buildai/domain';
import type { AppEnv } from '../../http/context';
import { resolveTenant } from '../identity';
import { accountUser, cookieUser } from '../../http/end-user';
import { readMemory } from './remember';

/**
 * `GET /api/live_api/user/memories/current?appId=`: what the caller asked this app to remember. The caller is
 * the signed-in user of the app's tenant, or, for an app, the visitor of the `bai_uid` cookie. A token of
 * another tenant is refused as if there were none.
 */
export function memoryRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/memories/current', async (c) => {
    const platform = c.get('platform');
    const tenant = await resolveTenant(platform, c.req.query('appId'));
    const appId = tenant.appId ?? tenant.tenantId;
    const caller = c.get('caller');
    const user =
      caller && caller.tenantId === tenant.tenantId
        ? accountUser(caller)
        : tenant.appId
          ? cookieUser(c)
          : null;
    if (!user) throw new AppError('auth/unauthenticated');
    return c.json(await readMemory(platform.db, appId, user.userKey));
  });
  return r;
}
