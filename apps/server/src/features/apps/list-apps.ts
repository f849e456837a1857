import { count, desc, eq } from 'drizzle-orm';
import type { AppListItem } from '@buildai/domain';
import { apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireBuilder } from './load-app';

/** GET /api/apps: the builder's own apps, newest change first. */
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
    })
    .from(apps)
    .leftJoin(tools, eq(tools.appId, apps.appId))
    .where(eq(apps.ownerAccountId, account.accountId))
    .groupBy(apps.appId)
    .orderBy(desc(apps.updatedAt));
  return {
    apps: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString(), toolCount: Number(r.toolCount) })),
  };
}
