import { count, inArray } from 'drizzle-orm';
import type { AppTemplate, AppType } from '@buildai/domain';
import { appEntities, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { readStyle, requireBuilder } from '../apps';
import { templateApps } from './templates';

/** GET /api/app-templates: the app templates collection every builder may start from. */
export async function listAppTemplates(platform: Platform, caller: Caller): Promise<AppTemplate[]> {
  await requireBuilder(platform, caller);
  const found = await templateApps(platform, platform.db);
  if (found.length === 0) return [];
  const ids = found.map((a) => a.appId);
  const [toolCounts, entityCounts] = await Promise.all([
    platform.db
      .select({ appId: tools.appId, n: count() })
      .from(tools)
      .where(inArray(tools.appId, ids))
      .groupBy(tools.appId),
    platform.db
      .select({ appId: appEntities.appId, n: count() })
      .from(appEntities)
      .where(inArray(appEntities.appId, ids))
      .groupBy(appEntities.appId),
  ]);
  const countOf = (rows: { appId: string; n: number }[], appId: string) =>
    Number(rows.find((r) => r.appId === appId)?.n ?? 0);
  return found.map((app) => ({
    appId: app.appId,
    // a chat app is never a template: templates are apps builders list
    appType: app.appType as AppType,
    header: app.header,
    description: app.description,
    logoUrl: readStyle(app).logoUrl,
    toolCount: countOf(toolCounts, app.appId),
    entityCount: countOf(entityCounts, app.appId),
  }));
}
