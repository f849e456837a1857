import { and, eq } from 'drizzle-orm';
import { PLATFORM_TENANT_ID } from '@buildai/domain';
import { accounts } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isOwnerOf, type AppRow } from '../apps';

/**
 * Whether a builder passes an app's membership gate without a membership: the app's owner (and whoever the apps
 * feature's ownership check lets edit it) and the platform's admins, who look after every app.
 */
export async function isBuilderExempt(
  platform: Platform,
  caller: Caller | null,
  app: Pick<AppRow, 'appId' | 'ownerAccountId'>,
): Promise<boolean> {
  if (!caller || caller.tenantId !== PLATFORM_TENANT_ID) return false;
  if (platform.config.ADMIN_EMAILS.includes(caller.email.toLowerCase())) return true;
  if (await isOwnerOf(platform, caller, app as AppRow)) return true;
  const [row] = await platform.db
    .select({ isAdmin: accounts.isAdmin })
    .from(accounts)
    .where(and(eq(accounts.userId, caller.userId), eq(accounts.tenantId, PLATFORM_TENANT_ID)));
  return row?.isAdmin === true;
}
