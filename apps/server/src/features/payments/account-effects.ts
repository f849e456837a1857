import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { DEFAULT_BUILDER_PLAN, PLATFORM_TENANT_ID, type SaleState } from '@buildai/domain';
import { accounts, paymentSales, users } from '../../db/schema';
import type { Platform } from '../../platform';
import type { PaymentSaleRow } from './record-sale';
import { planOfProduct, type PaymentServices } from './services';

/** Whether a sale grants access now (the membership rule the gate reads too). */
export function saleCounts(sale: Pick<PaymentSaleRow, 'state' | 'paidUntil'>, now = new Date()): boolean {
  return sale.state === 'alive' || (sale.state === 'cancelled' && (!sale.paidUntil || sale.paidUntil > now));
}

interface AccountOfSale {
  accountId: string;
  userId: string;
  email: string;
  plan: string;
  subscriptionPaymentsIds: string[];
}

/** The accounts of the scope's tenant a sale belongs to: the user it was linked to, or the buyer's email. */
async function accountsOfSale(platform: Platform, sale: PaymentSaleRow): Promise<AccountOfSale[]> {
  const byUser = sale.userId ? [eq(users.id, sale.userId)] : [];
  return platform.db
    .select({
      accountId: accounts.accountId,
      userId: users.id,
      email: users.email,
      plan: accounts.plan,
      subscriptionPaymentsIds: accounts.subscriptionPaymentsIds,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.userId, users.id))
    .where(and(eq(users.tenantId, sale.scope), or(sql`lower(${users.email}) = ${sale.email}`, ...byUser)));
}

/** Brings the accounts a sale belongs to in line with their sales (CONTRACT "Account effects"). */
export async function applyAccountEffects(
  platform: Platform,
  services: PaymentServices,
  sale: PaymentSaleRow,
): Promise<void> {
  for (const account of await accountsOfSale(platform, sale))
    await settleAccount({ platform, services, scope: sale.scope, account });
}

export interface SettleAccountOptions {
  platform: Platform;
  services: PaymentServices;
  scope: string;
  account: AccountOfSale;
  now?: Date;
  opts?: { onlyNewSales?: boolean };
}

/**
 * An account's subscription fields (and, for a builder, its plan) from all its sales in the scope: the best sale
 * that still grants access decides (alive before cancelled, the longest paid period first); with none, the latest
 * sale's end (refunded, ended) shows and a builder bought plan returns to Lite. Every sale id is listed in
 * `subscription_payments_ids`. Recomputed whole each time, so the order the sales were learnt in does not matter.
 */
export async function settleAccount({
  platform,
  services,
  scope,
  account,
  now = new Date(),
  opts = {},
}: SettleAccountOptions): Promise<void> {
  const sales = await platform.db
    .select()
    .from(paymentSales)
    .where(
      and(
        eq(paymentSales.scope, scope),
        or(eq(paymentSales.userId, account.userId), eq(paymentSales.email, account.email.toLowerCase())),
      ),
    );
  if (sales.length === 0) return;
  // a sign-in settles only what the account has not seen yet, so it never undoes an admin's later grant
  if (opts.onlyNewSales && sales.every((s) => account.subscriptionPaymentsIds.includes(s.saleId))) return;
  const live = sales
    .filter((s) => saleCounts(s, now))
    .sort(
      (a, b) =>
        Number(b.state === 'alive') - Number(a.state === 'alive') ||
        (b.paidUntil?.getTime() ?? Infinity) - (a.paidUntil?.getTime() ?? Infinity) ||
        b.createdAt.getTime() - a.createdAt.getTime(),
    );
  const latest = [...sales].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())[0]!;
  const deciding = live[0] ?? latest;
  const status: SaleState = live[0]
    ? deciding.state
    : deciding.state === 'cancelled'
      ? 'ended'
      : deciding.state;
  const ids = [...account.subscriptionPaymentsIds];
  for (const s of [...sales].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()))
    if (!ids.includes(s.saleId)) ids.push(s.saleId);

  const update: Partial<typeof accounts.$inferInsert> = {
    planSubscriptionStatus: status,
    planSubscriptionCancelledAt: deciding.state === 'cancelled' ? cancelledAtOf(deciding) : null,
    subscriptionId: deciding.subscriptionId,
    subscriptionPaymentsIds: ids,
  };
  if (scope === PLATFORM_TENANT_ID) {
    const bought = live[0] ? planOfProduct(services.plans, live[0].productId) : undefined;
    const purchasable = new Set(services.plans.filter((p) => p.gumroadProductId).map((p) => p.id));
    if (bought) update.plan = bought.id;
    // only a plan that is bought through Gumroad is taken back: one an admin granted stays
    else if (purchasable.has(account.plan)) update.plan = DEFAULT_BUILDER_PLAN;
  }
  await platform.db.update(accounts).set(update).where(eq(accounts.accountId, account.accountId));
  platform.logger.info(
    { accountId: account.accountId, scope, status, plan: update.plan, saleId: deciding.saleId },
    'payments: account settled',
  );
}

/** When the buyer asked to cancel (Gumroad's subscriber), else when the product learnt of it. */
function cancelledAtOf(sale: PaymentSaleRow): Date {
  const subscriber = (sale.raw as { subscriber?: { user_requested_cancellation_at?: string | null } | null })
    .subscriber;
  const requested = subscriber?.user_requested_cancellation_at;
  return requested && !Number.isNaN(Date.parse(requested)) ? new Date(requested) : sale.updatedAt;
}

/**
 * The end of paid periods: every account still `cancelled` is settled again, so one whose period is over drops to
 * `ended` (and a builder to Lite). Cheap: only cancelled accounts are read.
 */
export async function endPaidPeriods(
  platform: Platform,
  services: PaymentServices,
  now = new Date(),
): Promise<number> {
  const cancelled = await platform.db
    .select({
      accountId: accounts.accountId,
      tenantId: accounts.tenantId,
      userId: users.id,
      email: users.email,
      plan: accounts.plan,
      subscriptionPaymentsIds: accounts.subscriptionPaymentsIds,
    })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(inArray(accounts.planSubscriptionStatus, ['cancelled']));
  for (const account of cancelled)
    await settleAccount({ platform, services, scope: account.tenantId, account, now });
  return cancelled.length;
}
