import { MIN_YEARLY_SAVING_PERCENT, type Account, type PlanCard } from '@buildai/domain';

/** Plan card states (spec 000 §4). */
export type PlanCardState = 'none' | 'upgrade' | 'downgrade' | 'selected' | 'disabled';

export interface PlanCardView {
  plan: PlanCard;
  state: PlanCardState;
  /** the card's button text (spec 000 §2 "Card states and buttons") */
  buttonLabel: string;
  buttonDisabled: boolean;
}

/** The card id that is current when no card's name matches the account's plan. */
export const FREE_PLAN_ID = 'free';
const LITE = 'lite';
const DISCOVER = 'discover';

const norm = (s: string | null | undefined) => (s ?? '').trim().toLowerCase();

/**
 * Index of the account's current card: the card whose name matches the account's plan (case-insensitive), else
 * the card with id `free`; -1 when there is neither (or no account is known).
 */
export function currentPlanIndex(plans: readonly PlanCard[], accountPlan: string | null | undefined): number {
  if (accountPlan === undefined || accountPlan === null) return -1;
  const wanted = norm(accountPlan);
  const byName = wanted ? plans.findIndex((p) => norm(p.name) === wanted) : -1;
  if (byName !== -1) return byName;
  return plans.findIndex((p) => p.id === FREE_PLAN_ID);
}

function isLite(plan: PlanCard) {
  return norm(plan.name) === LITE || plan.id === LITE;
}

/**
 * The state and button of every card, in the order given (spec 000 §2, decision 0002 "Plans"):
 * - the current card is `selected` ('Current plan', disabled);
 * - a card with `disabled: true` is `disabled`; the card named Discover is disabled when the lite card is;
 * - cards after the current one are upgrades (the plan's button text, else 'Upgrade'), cards before it downgrades;
 * - with no current card (no account, no match and no `free` card) every card is `none` ('Select').
 */
export function planCardViews(
  plans: readonly PlanCard[],
  accountPlan: string | null | undefined,
): PlanCardView[] {
  const current = currentPlanIndex(plans, accountPlan);
  const liteDisabled = plans.some((p) => isLite(p) && p.disabled === true);

  return plans.map((plan, i) => {
    const positional: PlanCardState =
      current === -1 ? 'none' : i > current ? 'upgrade' : i < current ? 'downgrade' : 'selected';
    const disabled = plan.disabled === true || (norm(plan.name) === DISCOVER && liteDisabled);
    const state: PlanCardState = positional === 'selected' ? 'selected' : disabled ? 'disabled' : positional;
    return {
      plan,
      state,
      buttonLabel: buttonLabelFor(plan, state, positional),
      buttonDisabled: isDisabled(state),
    };
  });
}

function isDisabled(state: PlanCardState) {
  return state === 'selected' || state === 'disabled';
}

function buttonLabelFor(plan: PlanCard, state: PlanCardState, positional: PlanCardState): string {
  switch (state) {
    case 'selected':
      return 'Current plan';
    case 'upgrade':
      return plan.buttonText?.trim() || 'Upgrade';
    case 'downgrade':
      return 'Downgrade';
    case 'none':
      return 'Select';
    case 'disabled':
      // a disabled card keeps the label its place would give it, greyed out
      return buttonLabelFor(plan, positional === 'disabled' ? 'none' : positional, positional);
  }
}

/** 'Free' is shown for a null or 0 price. */
export function isFreePlan(plan: Pick<PlanCard, 'price'>): boolean {
  return plan.price === null || plan.price === 0;
}

/** Dollars with no decimals when whole ("$19"), else two ("$19.50"). */
export function formatDollars(amount: number): string {
  return `$${formatAmount(amount)}`;
}

/** A number of dollars without the sign: 19 → "19", 15.8333 → "15.83", 9.5 → "9.50". */
export function formatAmount(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The monthly price a card charges: the discounted price when there is one. */
export function effectivePrice(plan: Pick<PlanCard, 'price' | 'discuountedPrice'>): number {
  const discounted = plan.discuountedPrice;
  if (discounted !== null && discounted !== undefined && plan.price !== null && discounted < plan.price)
    return discounted;
  return plan.price ?? 0;
}

/** The discounted price when it is really lower than the price (the old price is then struck through). */
export function discountedPrice(plan: Pick<PlanCard, 'price' | 'discuountedPrice'>): number | null {
  const d = plan.discuountedPrice;
  return d !== null && d !== undefined && plan.price !== null && d < plan.price ? d : null;
}

/** The yearly saving against twelve monthly payments, in percent (unrounded); null without both prices. */
export function yearlySavingPercent(
  plan: Pick<PlanCard, 'price' | 'discuountedPrice' | 'priceYearly'>,
): number | null {
  const monthly = effectivePrice(plan);
  const yearly = plan.priceYearly;
  if (yearly === null || yearly === undefined || monthly <= 0) return null;
  return ((monthly * 12 - yearly) / (monthly * 12)) * 100;
}

/** 'Save N%' (N rounded) when the yearly saving is at least MIN_YEARLY_SAVING_PERCENT, else null. */
export function yearlySavingBadge(
  plan: Pick<PlanCard, 'price' | 'discuountedPrice' | 'priceYearly'>,
): string | null {
  const saving = yearlySavingPercent(plan);
  if (saving === null || saving < MIN_YEARLY_SAVING_PERCENT) return null;
  return `Save ${Math.round(saving)}%`;
}

export function hasYearlyPrice(plan: Pick<PlanCard, 'priceYearly'>): boolean {
  return plan.priceYearly !== null && plan.priceYearly !== undefined;
}

export type BillingPeriod = 'monthly' | 'yearly';

/** The single-plan summary: 'Just N$ per month' or 'N$ per year (M$/mo)'. */
export function billingSummary(
  plan: Pick<PlanCard, 'price' | 'discuountedPrice' | 'priceYearly'>,
  period: BillingPeriod,
): string {
  if (period === 'yearly' && hasYearlyPrice(plan)) {
    const yearly = plan.priceYearly as number;
    return `${formatAmount(yearly)}$ per year (${formatAmount(yearly / 12)}$/mo)`;
  }
  return `Just ${formatAmount(effectivePrice(plan))}$ per month`;
}

/**
 * Where the purchase button goes: the plan's payment link, or its subscription management link when the account
 * already has a subscription (falling back to the payment link when the plan has none). Null: nothing to open.
 */
export function purchaseLink(
  plan: Pick<PlanCard, 'link' | 'subscriptionLink'>,
  account: Pick<Account, 'subscriptionId'> | null | undefined,
): string | null {
  const hasSubscription = Boolean(account?.subscriptionId);
  return safeLink(hasSubscription ? plan.subscriptionLink || plan.link : plan.link);
}

/** The link when it is one we may open (trimmed), else null. */
export function safeLink(url: string | null | undefined): string | null {
  const trimmed = url?.trim();
  return trimmed && isSafeLink(trimmed) ? trimmed : null;
}

/** Only web addresses (or our own paths) are opened: never a javascript: or data: URL from plan data. */
function isSafeLink(url: string): boolean {
  if (url.startsWith('/') && !url.startsWith('//')) return true;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

/**
 * Where a card's button goes for this account: the payment link, the subscription's management link when it has a
 * subscription, and for the free card (a paid plan ends there) the management link of the account's subscription,
 * where it is cancelled. Null: nothing to open.
 */
export function cardLink(
  view: PlanCardView,
  account: Pick<Account, 'subscriptionId'> | null | undefined,
  plans: readonly PlanCard[],
): string | null {
  if (view.buttonDisabled) return null;
  const direct = purchaseLink(view.plan, account);
  if (direct || !isFreePlan(view.plan) || !account?.subscriptionId) return direct;
  return safeLink(plans.find((p) => safeLink(p.subscriptionLink))?.subscriptionLink);
}

/** A paid card the account could choose but that has nowhere to buy it. */
export function notOnSale(
  view: PlanCardView,
  account: Pick<Account, 'subscriptionId'> | null | undefined,
): boolean {
  return !view.buttonDisabled && !isFreePlan(view.plan) && !purchaseLink(view.plan, account);
}

/**
 * Whether the builder plans can be bought here: `off` when no paid card the account could choose has a payment link
 * (the operator has not set GUMROAD_ACCESS_TOKEN and the plans' gumroadProductId in PLANS_FILE), `partly` when some
 * have one and others not, `on` otherwise.
 */
export function purchasesState(
  views: readonly PlanCardView[],
  account: Pick<Account, 'subscriptionId'> | null | undefined,
): 'on' | 'partly' | 'off' {
  const choosable = views.filter((v) => !v.buttonDisabled && !isFreePlan(v.plan));
  const missing = choosable.filter((v) => notOnSale(v, account)).length;
  if (missing === 0) return 'on';
  return missing === choosable.length ? 'off' : 'partly';
}
