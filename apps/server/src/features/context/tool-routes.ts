import { OpenAPIHono } from '@hono/zod-openapi';
import { replaceDataItemRequest, contextItemIdResponse } from '@buildai/domain';
import { requireCaller, type AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { route } from '../../http/validation';
import { loadOwnedApp, requireBuilder } from '../apps';
import { replaceDataItem } from './replace-item';

/** POST /api/tools/{appId}/replaceDataItem (spec 000 §7, spec 001 §3 data item). */
export function contextToolRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}/replaceDataItem',
      response: contextItemIdResponse,
      summary: "Points an app's tools from one data item to another",
      params: appParams,
      body: replaceDataItemRequest,
    },
    async (c, { params, body }) => {
      const platform = c.get('platform');
      const account = await requireBuilder(platform, requireCaller(c));
      const app = await loadOwnedApp(platform.db, account.accountId, params.appId);
      const { oldItemId, newItemId } = await body();
      return c.json(await replaceDataItem({ platform, appId: app.appId, oldItemId, newItemId }));
    },
  );
  return r;
}
