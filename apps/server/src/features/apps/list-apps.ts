import { count, desc, eq, sql } from 'drizzle-orm';
import type { AppListItem, AppType } from '@buildai/domain';
import { appCollaborators, apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireBuilder } from './load-app';

/** GET /api/apps: the builder's own apps and those they collaborate on, newest change first. */
export async function listApps(platform: Platform, caller: Caller): Promise<{ apps: AppListItem[] }> {
  const account = await requireBuilder(platform, caller);
  const rows = await platform.db
    .select({
      appId: apps.appId,
      appType: apps.appType,
      header: apps.header,
      isPublished: apps.isPublished,
      updatedAt: apps.updatedAt,
      toolCount: count(tools.toolId),
      isCollaborator: sql<boolean>`${apps.ownerAccountId} <> ${account.accountId}`.mapWith(Boolean),
    })
    .from(apps)
    .leftJoin(tools, eq(tools.appId, apps.appId))
    .where(
      // the owner's apps and the ones shared with them, each found through its own index
      // (a chat app is opened from its parent, never listed: decision 0010)
      sql`${apps.appId} in (select ${apps.appId} from ${apps} where ${apps.ownerAccountId} = ${account.accountId} union all select ${appCollaborators.appId} from ${appCollaborators} where ${appCollaborators.accountId} = ${account.accountId}) and ${apps.parentAppId} is null`,
    )
    .groupBy(apps.appId)
    .orderBy(desc(apps.updatedAt));
  return {
    apps: rows.map(({ isCollaborator, appType, ...r }) => ({
      ...r,
      appType: appType as AppType,
      updatedAt: r.updatedAt.toISOString(),
      toolCount: Number(r.toolCount),
      ...(isCollaborator ? { isCollaborator } : {}),
    })),
  };
}
