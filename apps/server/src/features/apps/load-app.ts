import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID } from '@buildai/domain';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import { accounts, apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAccount, type AccountRow } from '../accounts';
import { editsApp } from './editors';
import type { AppRow, ToolRow } from './view';

/** The caller's builder account; end users of an app tenant cannot build. */
export async function requireBuilder(platform: Platform, caller: Caller): Promise<AccountRow> {
  if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('auth/forbidden');
  return requireAccount(platform, caller);
}

/**
 * An app the account edits: it owns it or collaborates on it. Another builder's app answers 404, as if it did not
 * exist.
 */
export async function loadOwnedApp(db: Db, accountId: string, appId: string): Promise<AppRow> {
  const [app] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.appId, appId), editsApp(accountId)));
  if (!app) throw new AppError('app/not-found');
  return app;
}

const toolsOfApp = preparedPerDb((db) =>
  db
    .select()
    .from(tools)
    .where(eq(tools.appId, sql.placeholder('appId')))
    .orderBy(asc(tools.position), asc(tools.createdAt))
    .prepare('tools_of_app'),
);

export async function loadTools(db: Db, appId: string): Promise<ToolRow[]> {
  return toolsOfApp(db).execute({ appId });
}

/**
 * Whether the caller edits the app, as its owner or a collaborator (builders only; a missing account is simply not
 * the owner): they see its drafts and run them.
 */
export async function isOwnerOf(platform: Platform, caller: Caller | null, app: AppRow): Promise<boolean> {
  if (!caller || caller.tenantId !== PLATFORM_TENANT_ID) return false;
  const [row] = await platform.db
    .select({ accountId: accounts.accountId })
    .from(apps)
    .innerJoin(accounts, eq(accounts.userId, caller.userId))
    .where(and(eq(apps.appId, app.appId), editsApp(accounts.accountId)));
  return Boolean(row);
}

/** A tool of the app; a tool of any other app answers 404. */
export async function loadToolOf(db: Db, appId: string, toolId: string): Promise<ToolRow> {
  const [tool] = await db
    .select()
    .from(tools)
    .where(and(eq(tools.toolId, toolId), eq(tools.appId, appId)));
  if (!tool) throw new AppError('tool/not-found');
  return tool;
}
