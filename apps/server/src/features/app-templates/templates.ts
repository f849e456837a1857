// What the app-template use-cases share: which apps are templates.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, apps, users } from '../../db/schema';
import type { Platform } from '../../platform';
import { isAdminAccount } from '../accounts';
import type { AppRow } from '../apps';

const listedAsTemplate = sql`${apps.appSettings}->>'isAppTemplate' = 'true'`;

/**
 * Published apps listed as app templates whose owner is an admin (isAppTemplate is an admin-only setting, and an
 * app keeps the flag when it changes hands: only an admin's listing counts). `appId` narrows it to one app.
 */
export async function templateApps(platform: Platform, db: Db, appId?: string): Promise<AppRow[]> {
  const rows = await db
    .select({ app: apps, account: accounts, email: users.email })
    .from(apps)
    .innerJoin(accounts, eq(accounts.accountId, apps.ownerAccountId))
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(apps.isPublished, true), listedAsTemplate, appId ? eq(apps.appId, appId) : undefined))
    .orderBy(desc(apps.publishedAt), asc(apps.appId));
  return rows.filter((r) => isAdminAccount(platform, r.account, r.email)).map((r) => r.app);
}
