import { OpenAPIHono } from '@hono/zod-openapi';
import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { resourceIdSchema, toolLinkApps, type ToolLinkApps } from '@buildai/domain';
import { apps, tools } from '../../db/schema';
import type { AppEnv } from '../../http/context';
import { route } from '../../http/validation';
import type { Platform } from '../../platform';

/** More apps than a visitor would read through: the newest published ones. */
const MAX_TOOL_LINK_APPS = 20;

/**
 * The published apps with an active tool at `/tool/{path}` (spec 001 §2, issue 32 item 29). A tool's path is its
 * app's own, so on the product's host (no app in the address) the short link may name a tool of several apps: the
 * page goes straight to the one, or lets the visitor choose. Only what anyone may open is answered.
 */
export async function findToolLinkApps(platform: Platform, path: string): Promise<ToolLinkApps> {
  const rows = await platform.db
    .select({ appId: apps.appId, header: apps.header, title: tools.title, customDomain: apps.customDomain })
    .from(tools)
    .innerJoin(apps, eq(apps.appId, tools.appId))
    .where(and(eq(tools.path, path), eq(tools.status, 'active'), eq(apps.isPublished, true)))
    .orderBy(desc(apps.publishedAt), apps.appId)
    .limit(MAX_TOOL_LINK_APPS);
  return {
    apps: rows.map((r) => ({
      appId: r.appId,
      appName: r.header,
      toolTitle: r.title,
      customDomain: r.customDomain ?? null,
    })),
  };
}

export function toolLinkRoutes() {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'get',
      path: '/{path}',
      summary: 'The published apps with an active tool at this path (the short link /tool/{path})',
      params: z.object({ path: resourceIdSchema }),
      response: toolLinkApps,
    },
    async (c, { params }) => c.json(await findToolLinkApps(c.get('platform'), params.path)),
  );
  return r;
}
