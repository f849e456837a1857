import { and, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { AppError, LITE_MAX_ITEMS, maxFiles, monthlyDataLimit } from '@buildai/domain';
import type { Db } from '../../db/client';
import { accounts, contextItems, contextUsage, users } from '../../db/schema';
import type { Platform } from '../../platform';
import { isAdminAccount, type AccountRow } from '../accounts';

/** The plan whose limits apply to an account: admins count as 'moon' whatever their plan. */
export function effectivePlan(platform: Platform, account: AccountRow, email: string): string {
  return isAdminAccount(platform, account, email) ? 'moon' : account.plan;
}

/** The plan of the account that owns an item (for work done outside a request). */
export async function planOfAccount(platform: Platform, accountId: string): Promise<string> {
  const [found] = await platform.db
    .select({ account: accounts, email: users.email })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.accountId, accountId));
  return found ? effectivePlan(platform, found.account, found.email) : 'lite';
}

/** The first instant of the current calendar month, UTC. */
export function monthStart(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * Characters of text the account had processed this UTC month, from the usage ledger: deleting or replacing an
 * item does not give them back.
 */
export async function monthlyUsage(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${contextUsage.chars}), 0)` })
    .from(contextUsage)
    .where(and(eq(contextUsage.accountId, accountId), gte(contextUsage.createdAt, monthStart())));
  return Number(row?.used ?? 0);
}

export async function hasReachedDataLimit(db: Db, accountId: string, plan: string): Promise<boolean> {
  return (await monthlyUsage(db, accountId)) >= monthlyDataLimit(plan);
}

/**
 * Serialises the writes that count an account's items or characters. On PostgreSQL a transaction-scoped advisory
 * lock; the embedded database runs one transaction at a time already.
 */
export async function lockAccount(platform: Platform, tx: Db, accountId: string): Promise<void> {
  if (platform.database.kind === 'postgres') {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`context:${accountId}`}))`);
  }
}

export interface RoomForItems {
  /** the transaction the items are added in, holding the account's lock (`lockAccount`) */
  tx: Db;
  accountId: string;
  /** the plan whose limits apply (`effectivePlan`) */
  plan: string;
  adding: { items: number; files: number };
  /** an item about to be replaced, which does not count */
  exceptItemId?: string;
}

/**
 * Refuses new items beyond the plan: lite keeps one item of any kind; uploaded files are capped by `maxFiles`.
 * Uploads are the items of source 'local files' that carry a MIME type (pasted text has none).
 */
export async function assertRoomForItems({
  tx,
  accountId,
  plan,
  adding,
  exceptItemId,
}: RoomForItems): Promise<void> {
  const except = exceptItemId ? ne(contextItems.id, exceptItemId) : undefined;
  if (plan === 'lite') {
    const [row] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(contextItems)
      .where(and(eq(contextItems.accountId, accountId), except));
    if (Number(row?.n ?? 0) + adding.items > LITE_MAX_ITEMS) throw new AppError('context/item-limit');
  }
  if (adding.files > 0) {
    const [row] = await tx
      .select({ n: sql<string>`count(*)` })
      .from(contextItems)
      .where(
        and(
          eq(contextItems.accountId, accountId),
          inArray(contextItems.source, ['local files']),
          isNotNull(contextItems.mimeType),
          except,
        ),
      );
    if (Number(row?.n ?? 0) + adding.files > maxFiles(plan)) throw new AppError('context/file-limit');
  }
}
