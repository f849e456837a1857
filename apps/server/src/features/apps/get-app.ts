import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID, type AppView } from '@buildai/domain';
import { appOrigin } from '../../config';
import { columnsOf, preparedPerDb } from '../../db/prepared';
import { accounts, apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { editsApp } from './editors';
import { APP_VIEW_COLUMNS, TOOL_SUMMARY_COLUMNS, toAppView } from './view';

/**
 * The app, each of its tools (one row per tool; the app alone when it has none) and whether the asking user edits
 * it (owner or collaborator), in one round trip: the public page of an app is read by many at once, and each statement waits its turn for
 * the database pool (decision 0005, "Mixed load"). `userId` is null for an anonymous reader, who owns nothing.
 */
const appWithTools = preparedPerDb((db) =>
  db
    .select({
      app: columnsOf(apps, APP_VIEW_COLUMNS),
      tool: columnsOf(tools, TOOL_SUMMARY_COLUMNS),
      editorAccountId: accounts.accountId,
    })
    .from(apps)
    .leftJoin(tools, eq(tools.appId, apps.appId))
    .leftJoin(accounts, and(eq(accounts.userId, sql.placeholder('userId')), editsApp(accounts.accountId)))
    .where(eq(apps.appId, sql.placeholder('appId')))
    .orderBy(asc(tools.position), asc(tools.createdAt))
    .prepare('app_with_tools'),
);

/**
 * GET /api/apps/{appId}: the app with its tools; the public view has active tools only and no prompts. A space app
 * also names its app origin and published document, for the runtime shell (decision 0007, "The app origin").
 */
export async function getApp(platform: Platform, caller: Caller | null, appId: string): Promise<AppView> {
  // only a builder owns apps; a user of an app tenant is never the owner
  const userId = caller?.tenantId === PLATFORM_TENANT_ID ? caller.userId : null;
  const rows = await appWithTools(platform.db).execute({ appId, userId });
  const [first] = rows;
  if (!first) throw new AppError('app/not-found');
  const isOwner = first.editorAccountId !== null;
  if (!isOwner && !first.app.isPublished) throw new AppError('app/not-found');
  const appTools = rows.flatMap((r) => (r.tool ? [r.tool] : []));
  const view = toAppView(first.app, appTools, isOwner);
  if (isOwner && first.editorAccountId !== first.app.ownerAccountId) view.isCollaborator = true;
  if (first.app.appType !== 'space') return view;
  const origin = appOrigin(platform.config);
  const documentUrl = first.app.isPublished ? `${origin}/apps/${encodeURIComponent(first.app.appId)}/` : null;
  return { ...view, spaceApp: { appOrigin: origin, documentUrl } };
}
