import { eq } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID } from '@buildai/domain';
import { newId } from '../../db/ids';
import { accounts, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';

/** New builders start on the lowest plan (spec 000 §1: lite). */
export const DEFAULT_BUILDER_PLAN = 'lite';

/**
 * A purchase an account is created with (`?sale_id=`, spec 000 §4), kept by the payments feature and handed in by
 * app.ts: `verify` refuses (401 `payments/sale-not-verified`) until the sale is confirmed, before anything is
 * created; `link` gives it to the account once it exists, and brings any account in line with the purchases made
 * with its email before it existed.
 */
export interface SaleClaims {
  verify(input: { platform: Platform; caller: Caller; saleId: string }): Promise<void>;
  link(input: { platform: Platform; caller: Caller; saleId?: string }): Promise<void>;
}

/**
 * Creates the product account of the signed-in user, once. Calling it again answers the same account id,
 * so the client can call it after every sign-in. With a sale id, the sale is verified first and linked after.
 */
export async function createAccount(
  platform: Platform,
  caller: Caller,
  purchase: { saleId?: string; saleClaims?: SaleClaims } = {},
): Promise<{ accountId: string }> {
  const { db, config } = platform;
  const { saleId, saleClaims } = purchase;
  if (saleId) {
    if (!saleClaims) throw new AppError('payments/sale-not-verified');
    await saleClaims.verify({ platform, caller, saleId });
  }
  const [user] = await db.select().from(users).where(eq(users.id, caller.userId));
  if (!user || user.tenantId !== caller.tenantId) throw new AppError('auth/unauthenticated');
  if (user.disabledAt) throw new AppError('auth/user-disabled');

  const isBuilder = caller.tenantId === PLATFORM_TENANT_ID;
  await db
    .insert(accounts)
    .values({
      accountId: newId(),
      userId: user.id,
      tenantId: user.tenantId,
      accountType: isBuilder ? 'builder' : 'user',
      plan: isBuilder ? DEFAULT_BUILDER_PLAN : 'free',
      isAdmin: isBuilder && config.ADMIN_EMAILS.includes(user.email),
    })
    .onConflictDoNothing();
  const [account] = await db
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(eq(accounts.userId, user.id));
  if (!account) throw new AppError('account/create-failed');
  await saleClaims?.link({ platform, caller, saleId });
  return account;
}
