import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  AppError,
  isLiteBuilder,
  PLATFORM_TENANT_ID,
  LIVE_TOOL_LIMITS,
  liveToolLimit,
} from '@buildai/domain';
import { columnsOf, preparedPerDb } from '../../db/prepared';
import { accounts, apps } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isAdminAccount, type AccountRow } from '../accounts';
import { editsApp } from './editors';
import { requireBuilder } from './load-app';
import type { AppRow } from './view';

/** What the builder's plan and role allow (spec 000 §6, spec 001 §6). */
export interface BuilderRights {
  account: AccountRow;
  isAdmin: boolean;
  /** On the lowest plan: tool settings locked, no photo fields. Admins never are. */
  isLite: boolean;
  /** Active tools allowed across all the builder's apps. */
  liveToolLimit: number;
}

export function rightsOf(platform: Platform, account: AccountRow, email: string): BuilderRights {
  const isAdmin = isAdminAccount(platform, account, email);
  return {
    account,
    isAdmin,
    isLite: isLiteBuilder({ isAdmin, plan: account.plan }),
    liveToolLimit: isAdmin ? LIVE_TOOL_LIMITS.moon! : liveToolLimit(account.plan),
  };
}

/** The caller's builder account with its rights; end users of an app tenant cannot build. */
export async function requireBuilderRights(platform: Platform, caller: Caller): Promise<BuilderRights> {
  return rightsOf(platform, await requireBuilder(platform, caller), caller.email);
}

/**
 * The caller's account and, when the caller edits it (owns, or collaborates on), the app's columns named in `app`,
 * in one prepared statement.
 */
function accountWithApp<C extends Partial<ReturnType<typeof getTableColumns<typeof apps>>>>(
  name: string,
  app: C,
) {
  return preparedPerDb((db) =>
    db
      .select({ account: accounts, app })
      .from(accounts)
      .leftJoin(apps, and(eq(apps.appId, sql.placeholder('appId')), editsApp(accounts.accountId)))
      .where(eq(accounts.userId, sql.placeholder('userId')))
      .prepare(name),
  );
}

const accountWithWholeApp = accountWithApp('account_with_owned_app', getTableColumns(apps));
/** what a style save reads of the app: not its settings, nor a generated app's definition (decision 0005, "Session 28") */
const accountWithAppStyle = accountWithApp(
  'account_with_owned_app_style',
  columnsOf(apps, ['appId', 'ownerAccountId', 'appStyle'] as const),
);

/** The rights and the app of `accountWithApp`'s row, or the error `requireOwnedApp` answers. */
function ownedApp<A extends Pick<AppRow, 'ownerAccountId'>>(
  platform: Platform,
  caller: Caller,
  row: { account: AccountRow; app: A | null } | undefined,
): { rights: BuilderRights; app: A; isOwner: boolean } {
  if (!row || row.account.tenantId !== caller.tenantId) throw new AppError('account/not-found');
  if (!row.app) throw new AppError('app/not-found');
  return {
    rights: rightsOf(platform, row.account, caller.email),
    app: row.app,
    isOwner: row.app.ownerAccountId === row.account.accountId,
  };
}

/**
 * The caller's rights and an app the caller edits (owns, or collaborates on), read in one round trip: the edits of an app (its style, its
 * settings, its tools) run under many connections at once, and every statement waits its turn for the database
 * pool (decision 0005, "Mixed load"). Answers as `requireBuilderRights` then `loadOwnedApp` would: another
 * builder's app is 404. `isOwner` is false for a collaborator.
 */
export async function requireOwnedApp(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<{ rights: BuilderRights; app: AppRow; isOwner: boolean }> {
  if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('auth/forbidden');
  const [row] = await accountWithWholeApp(platform.db).execute({ appId, userId: caller.userId });
  return ownedApp(platform, caller, row);
}

/** `requireOwnedApp` for a style save: the app's id, owner and style alone. */
export async function requireOwnedAppStyle(platform: Platform, caller: Caller, appId: string) {
  if (caller.tenantId !== PLATFORM_TENANT_ID) throw new AppError('auth/forbidden');
  const [row] = await accountWithAppStyle(platform.db).execute({ appId, userId: caller.userId });
  return ownedApp(platform, caller, row);
}

/**
 * Like `requireOwnedApp`, for what only the owner may do (delete, hand the app on, manage collaborators): a
 * collaborator answers 403 `app/owner-only`, anyone else 404 as before.
 */
export async function requireAppOwner(
  platform: Platform,
  caller: Caller,
  appId: string,
): Promise<{ rights: BuilderRights; app: AppRow }> {
  const { rights, app, isOwner } = await requireOwnedApp(platform, caller, appId);
  if (!isOwner) throw new AppError('app/owner-only');
  return { rights, app };
}
