import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { UserMemory } from '@buildai/domain';
import { userMemories } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { requireTenantCaller, resolveTenant } from '../identity/tenants';

/** `GET /api/live_api/user/memories/current?appId=`: what the signed-in user asked this app to remember. */
export function memoryRoutes() {
  const r = new Hono<AppEnv>();
  r.get('/memories/current', async (c) => {
    const platform = c.get('platform');
    const tenant = await resolveTenant(platform, c.req.query('appId'));
    const caller = requireTenantCaller(c.get('caller'), tenant.tenantId);
    const appId = tenant.appId ?? tenant.tenantId;
    const [row] = await platform.db
      .select()
      .from(userMemories)
      .where(and(eq(userMemories.userId, caller.userId), eq(userMemories.appId, appId)));
    const memory: UserMemory = {
      appId,
      values: row?.values ?? {},
      updatedAt: row?.updatedAt.toISOString() ?? null,
    };
    return c.json(memory);
  });
  return r;
}
