import { and, eq, sql } from 'drizzle-orm';
import { AppError, type Account } from '@buildai/domain';
import { accounts, apps, users } from '../../db/schema';
import type { Db } from '../../db/client';
import { preparedPerDb } from '../../db/prepared';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';

export type AccountRow = typeof accounts.$inferSelect;

/** The caller's account row within the caller's tenant, or null when not created yet. */
export async function findAccount(platform: Platform, caller: Caller): Promise<AccountRow | null> {
  const [row] = await platform.db.select().from(accounts).where(eq(accounts.userId, caller.userId));
  return row && row.tenantId === caller.tenantId ? row : null;
}

/**
 * Whether the account is an admin: marked so, or a builder whose email is in ADMIN_EMAILS. The list is read on
 * every call, so an operator's change applies without touching the database.
 */
export function isAdminAccount(platform: Platform, row: AccountRow, email: string): boolean {
  return (
    row.isAdmin ||
    (row.accountType === 'builder' && platform.config.ADMIN_EMAILS.includes(email.toLowerCase()))
  );
}

/** The caller's account, or 404 when it has not been created. */
export async function requireAccount(platform: Platform, caller: Caller): Promise<AccountRow> {
  const row = await findAccount(platform, caller);
  if (!row) throw new AppError('account/not-found');
  return row;
}

/** The account query; every page of the product asks for the current account, so it is kept prepared. */
function prepareCurrentAccount(db: Db) {
  // appId / appHeader: the builder's first app, which the product opens by default. One round trip.
  const firstApp = db
    .select({ appId: apps.appId, header: apps.header })
    .from(apps)
    .where(eq(apps.ownerAccountId, accounts.accountId))
    .orderBy(apps.createdAt)
    .limit(1)
    .as('first_app');
  return db
    .select({
      row: accounts,
      email: users.email,
      verifiedAt: users.emailVerifiedAt,
      firstAppId: firstApp.appId,
      firstAppHeader: firstApp.header,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .leftJoinLateral(firstApp, sql`true`)
    .where(
      and(eq(accounts.userId, sql.placeholder('userId')), eq(accounts.tenantId, sql.placeholder('tenantId'))),
    )
    .prepare('current_account');
}

const currentAccount = preparedPerDb(prepareCurrentAccount);

/** The Account fields of spec 000 §3. */
export async function getCurrentAccount(platform: Platform, caller: Caller): Promise<Account> {
  const [found] = await currentAccount(platform.db).execute({
    userId: caller.userId,
    tenantId: caller.tenantId,
  });
  if (!found) throw new AppError('account/not-found');
  const { row } = found;
  return {
    accountId: row.accountId,
    accountType: row.accountType,
    plan: row.plan,
    hasPaidAppPackage: row.hasPaidAppPackage,
    subscriptionId: row.subscriptionId,
    planSubscriptionStatus: row.planSubscriptionStatus,
    planSubscriptionCancelledAt: row.planSubscriptionCancelledAt?.toISOString() ?? null,
    appId: found.firstAppId ?? null,
    appHeader: found.firstAppHeader ?? null,
    // spec 000 §6: builders with the flag, or on a non-lite plan, are treated as having business info
    hasBusinessInfo: row.hasBusinessInfo || (row.accountType === 'builder' && row.plan !== 'lite'),
    isAdmin: isAdminAccount(platform, row, found.email),
    email: found.email,
    emailVerified: found.verifiedAt !== null,
    tenantId: row.tenantId,
    subscriptionPaymentsIds: row.subscriptionPaymentsIds,
  };
}
