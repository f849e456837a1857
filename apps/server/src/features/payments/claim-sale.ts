import { and, eq, isNull, or } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { accounts, paymentSales, users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { SaleClaims } from '../accounts';
import { saleCounts, settleAccount } from './account-effects';
import { sellerOf } from './connections';
import { lookUpSale } from './look-up-sale';
import { recordSale, type PaymentSaleRow } from './record-sale';
import type { PaymentServices } from './services';

/**
 * The sale a new account is created with (spec 000 §4, `?sale_id=`): verified at Gumroad by the server itself, not
 * waiting for the ping, then linked to the signed-up user. Until then the answer is 401
 * `payments/sale-not-verified` and the client tries again. A sale another user already claimed is never linked.
 */
export function saleClaims(services: PaymentServices): SaleClaims {
  return {
    verify: ({ platform, caller, saleId }) => verifySale({ platform, services, caller, saleId }),
    link: ({ platform, caller, saleId }) => linkSale({ platform, services, caller, saleId }),
  };
}

interface VerifySaleOptions {
  platform: Platform;
  services: PaymentServices;
  caller: Caller;
  saleId: string;
}

async function verifySale({ platform, services, caller, saleId }: VerifySaleOptions): Promise<void> {
  const scope = caller.tenantId;
  const [known] = await platform.db
    .select()
    .from(paymentSales)
    .where(and(eq(paymentSales.scope, scope), eq(paymentSales.saleId, saleId)));
  let sale: PaymentSaleRow | undefined = known;
  if (!sale || !saleCounts(sale)) {
    const seller = await sellerOf(platform, services, scope);
    if (!seller) throw new AppError('payments/sale-not-verified');
    try {
      const lookedUpAt = new Date();
      const found = await lookUpSale(platform, seller, { saleId });
      if (found.kind === 'found') sale = await recordSale({ platform, scope, found, lookedUpAt });
    } catch (err) {
      platform.logger.warn({ err, scope, saleId }, 'payments: a sale could not be looked up at sign-up');
    }
  }
  if (!sale || !saleCounts(sale) || (sale.userId !== null && sale.userId !== caller.userId))
    throw new AppError('payments/sale-not-verified');
}

interface LinkSaleOptions {
  platform: Platform;
  services: PaymentServices;
  caller: Caller;
  saleId: string | undefined;
}

/**
 * Gives the sale (if any) to the caller, then settles the caller's account from its sales: a purchase made with
 * the same email before the account existed counts from the first sign-in, not from the next ping.
 */
async function linkSale({ platform, services, caller, saleId }: LinkSaleOptions): Promise<void> {
  if (saleId) {
    const [sale] = await platform.db
      .update(paymentSales)
      // `updated_at` is when Gumroad was last read (record-sale.ts), so linking leaves it
      .set({ userId: caller.userId })
      .where(
        and(
          eq(paymentSales.scope, caller.tenantId),
          eq(paymentSales.saleId, saleId),
          or(isNull(paymentSales.userId), eq(paymentSales.userId, caller.userId)),
        ),
      )
      .returning();
    if (!sale) throw new AppError('payments/sale-not-verified');
  }
  const [account] = await platform.db
    .select({
      accountId: accounts.accountId,
      userId: users.id,
      email: users.email,
      plan: accounts.plan,
      subscriptionPaymentsIds: accounts.subscriptionPaymentsIds,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(eq(accounts.userId, caller.userId));
  if (account)
    await settleAccount({
      platform,
      services,
      scope: caller.tenantId,
      account,
      now: new Date(),
      opts: { onlyNewSales: !saleId },
    });
}
