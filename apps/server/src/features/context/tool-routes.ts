import { Hono } from 'hono';
import { replaceDataItemRequest } from '@buildai/domain';
import { parseBody, requireCaller, type AppEnv } from '../../http/context';
import { loadOwnedApp, requireBuilder } from '../apps';
import { replaceDataItem } from './replace-item';

/** POST /api/tools/{appId}/replaceDataItem (spec 000 §7, spec 001 §3 data item). */
export function contextToolRoutes() {
  const r = new Hono<AppEnv>();
  r.post('/:appId/replaceDataItem', async (c) => {
    const platform = c.get('platform');
    const account = await requireBuilder(platform, requireCaller(c));
    const app = await loadOwnedApp(platform.db, account.accountId, c.req.param('appId'));
    const { oldItemId, newItemId } = await parseBody(c, replaceDataItemRequest);
    return c.json(await replaceDataItem(platform, app.appId, oldItemId, newItemId));
  });
  return r;
}
