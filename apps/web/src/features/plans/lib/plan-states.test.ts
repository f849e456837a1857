import { describe, expect, it } from 'vitest';
import type { PlanCard } from '@buildai/domain';
import {
  billingSummary,
  currentPlanIndex,
  discountedPrice,
  effectivePrice,
  formatAmount,
  formatDollars,
  isFreePlan,
  planCardViews,
  purchaseLink,
  yearlySavingBadge,
  yearlySavingPercent,
} from './plan-states';

const card = (over: Partial<PlanCard> & Pick<PlanCard, 'id' | 'name'>): PlanCard => ({
  price: null,
  description: '',
  ...over,
});

/** The default builder plans the server serves. */
const plans: PlanCard[] = [
  card({ id: 'free', name: 'Lite', price: 0 }),
  card({
    id: 'explorer',
    name: 'Explorer',
    price: 19,
    priceYearly: 190,
    isMostPopular: true,
    link: 'https://pay/e',
  }),
  card({
    id: 'monetizer',
    name: 'Monetizer',
    price: 49,
    priceYearly: 490,
    buttonText: 'Go pro',
    link: 'https://pay/m',
  }),
  card({ id: 'discover', name: 'Discover', price: 99, oneTimePayment: true, link: 'https://pay/d' }),
  card({ id: 'moon', name: 'Moon', price: 199, link: 'https://pay/moon' }),
];

const states = (list: PlanCard[], accountPlan: string | null | undefined) =>
  planCardViews(list, accountPlan).map((v) => v.state);
const labels = (list: PlanCard[], accountPlan: string | null | undefined) =>
  planCardViews(list, accountPlan).map((v) => v.buttonLabel);

describe('currentPlanIndex', () => {
  it('matches the account plan to a card name, case-insensitively', () => {
    expect(currentPlanIndex(plans, 'explorer')).toBe(1);
    expect(currentPlanIndex(plans, 'MONETIZER')).toBe(2);
    expect(currentPlanIndex(plans, ' Moon ')).toBe(4);
  });

  it('falls back to the card with id free when no name matches', () => {
    expect(currentPlanIndex(plans, 'lite')).toBe(0); // by name
    expect(currentPlanIndex(plans, 'legacy-gold')).toBe(0); // by id free
    const noLiteName = [card({ id: 'x', name: 'Starter' }), card({ id: 'free', name: 'Basic' })];
    expect(currentPlanIndex(noLiteName, 'lite')).toBe(1);
  });

  it('matches by name before the free card', () => {
    const list = [card({ id: 'free', name: 'Basic' }), card({ id: 'pro', name: 'Pro', price: 9 })];
    expect(currentPlanIndex(list, 'pro')).toBe(1);
  });

  it('is -1 without an account, or with no match and no free card', () => {
    expect(currentPlanIndex(plans, null)).toBe(-1);
    expect(currentPlanIndex(plans, undefined)).toBe(-1);
    expect(currentPlanIndex([card({ id: 'a', name: 'A' })], 'b')).toBe(-1);
  });

  it('does not match a card by id, only by name', () => {
    const list = [card({ id: 'pro', name: 'Professional' }), card({ id: 'team', name: 'Team' })];
    expect(currentPlanIndex(list, 'pro')).toBe(-1);
  });
});

describe('planCardViews', () => {
  it('marks the current card selected, later cards upgrades and earlier cards downgrades', () => {
    expect(states(plans, 'monetizer')).toEqual(['downgrade', 'downgrade', 'selected', 'upgrade', 'upgrade']);
    expect(states(plans, 'lite')).toEqual(['selected', 'upgrade', 'upgrade', 'upgrade', 'upgrade']);
    expect(states(plans, 'moon')).toEqual(['downgrade', 'downgrade', 'downgrade', 'downgrade', 'selected']);
  });

  it("gives each state its button: 'Current plan' (disabled), the plan's text or 'Upgrade', 'Downgrade'", () => {
    const views = planCardViews(plans, 'explorer');
    expect(views.map((v) => v.buttonLabel)).toEqual([
      'Downgrade',
      'Current plan',
      'Go pro',
      'Upgrade',
      'Upgrade',
    ]);
    expect(views.map((v) => v.buttonDisabled)).toEqual([false, true, false, false, false]);
  });

  it('ignores a blank button text', () => {
    const list = [
      card({ id: 'free', name: 'Lite' }),
      card({ id: 'p', name: 'Pro', price: 5, buttonText: '  ' }),
    ];
    expect(labels(list, 'lite')).toEqual(['Current plan', 'Upgrade']);
  });

  it("uses 'Downgrade' even when the plan has a button text", () => {
    expect(labels(plans, 'moon')[2]).toBe('Downgrade');
  });

  it('takes the free card as current when the account plan matches nothing', () => {
    expect(states(plans, 'something-else')).toEqual(['selected', 'upgrade', 'upgrade', 'upgrade', 'upgrade']);
  });

  it("is 'none' with 'Select' everywhere when there is no current card", () => {
    const list = [card({ id: 'a', name: 'A', price: 1 }), card({ id: 'b', name: 'B', price: 2 })];
    expect(states(list, 'zzz')).toEqual(['none', 'none']);
    expect(labels(list, 'zzz')).toEqual(['Select', 'Select']);
    expect(states(plans, null)).toEqual(['none', 'none', 'none', 'none', 'none']);
    expect(planCardViews(list, null).every((v) => !v.buttonDisabled)).toBe(true);
  });

  it('disables a card flagged disabled, keeping its label, with the button disabled', () => {
    const list = plans.map((p) => (p.id === 'monetizer' ? { ...p, disabled: true } : p));
    const views = planCardViews(list, 'explorer');
    expect(views[2]).toMatchObject({ state: 'disabled', buttonLabel: 'Go pro', buttonDisabled: true });
    const before = planCardViews(list, 'moon')[2];
    expect(before).toMatchObject({ state: 'disabled', buttonLabel: 'Downgrade', buttonDisabled: true });
    expect(planCardViews(list, null)[2]).toMatchObject({ state: 'disabled', buttonLabel: 'Select' });
  });

  it('keeps the current card selected even when it is flagged disabled', () => {
    const list = plans.map((p) => (p.id === 'explorer' ? { ...p, disabled: true } : p));
    expect(planCardViews(list, 'explorer')[1]).toMatchObject({
      state: 'selected',
      buttonLabel: 'Current plan',
    });
  });

  it('disables Discover when the lite card is disabled', () => {
    const list = plans.map((p) => (p.name === 'Lite' ? { ...p, disabled: true } : p));
    expect(states(list, 'explorer')).toEqual(['disabled', 'selected', 'upgrade', 'disabled', 'upgrade']);
    // current lite: lite stays selected, Discover is still disabled
    expect(states(list, 'lite')).toEqual(['selected', 'upgrade', 'upgrade', 'disabled', 'upgrade']);
  });

  it('recognises the lite card by id as well, and Discover by name case-insensitively', () => {
    const list = [
      card({ id: 'lite', name: 'Starter', disabled: true }),
      card({ id: 'x', name: 'DISCOVER', price: 99 }),
      card({ id: 'y', name: 'Pro', price: 10 }),
    ];
    expect(states(list, 'pro')).toEqual(['disabled', 'disabled', 'selected']);
  });

  it('leaves Discover alone while lite is enabled', () => {
    expect(states(plans, 'explorer')[3]).toBe('upgrade');
  });

  it('keeps the order and the plans it was given', () => {
    const views = planCardViews(plans, 'lite');
    expect(views.map((v) => v.plan)).toEqual(plans);
    expect(planCardViews([], 'lite')).toEqual([]);
  });
});

describe('prices', () => {
  it("treats a null or 0 price as 'Free'", () => {
    expect(isFreePlan({ price: null })).toBe(true);
    expect(isFreePlan({ price: 0 })).toBe(true);
    expect(isFreePlan({ price: 1 })).toBe(false);
  });

  it('formats whole dollars without decimals and others with two', () => {
    expect(formatDollars(19)).toBe('$19');
    expect(formatDollars(19.5)).toBe('$19.50');
    expect(formatAmount(190 / 12)).toBe('15.83');
    expect(formatAmount(120 / 12)).toBe('10');
    expect(formatAmount(0.999)).toBe('1');
  });

  it('uses the discounted price only when it is lower than the price', () => {
    expect(discountedPrice({ price: 49, discuountedPrice: 29 })).toBe(29);
    expect(effectivePrice({ price: 49, discuountedPrice: 29 })).toBe(29);
    expect(discountedPrice({ price: 49, discuountedPrice: 49 })).toBeNull();
    expect(discountedPrice({ price: 49, discuountedPrice: 59 })).toBeNull();
    expect(discountedPrice({ price: 49, discuountedPrice: null })).toBeNull();
    expect(discountedPrice({ price: 49 })).toBeNull();
    expect(effectivePrice({ price: 49 })).toBe(49);
    expect(effectivePrice({ price: null })).toBe(0);
  });
});

describe('yearly saving', () => {
  it('compares the yearly price with twelve monthly payments', () => {
    expect(yearlySavingPercent({ price: 19, priceYearly: 190 })).toBeCloseTo(16.667, 2);
    expect(yearlySavingBadge({ price: 19, priceYearly: 190 })).toBe('Save 17%');
    expect(yearlySavingBadge({ price: 49, priceYearly: 490 })).toBe('Save 17%');
    expect(yearlySavingBadge({ price: 10, priceYearly: 60 })).toBe('Save 50%');
  });

  it('shows the badge from exactly 10% on, not below', () => {
    expect(yearlySavingBadge({ price: 10, priceYearly: 108 })).toBe('Save 10%'); // exactly 10%
    expect(yearlySavingBadge({ price: 10, priceYearly: 108.5 })).toBeNull(); // 9.58%
    expect(yearlySavingBadge({ price: 10, priceYearly: 115 })).toBeNull(); // 4.2%
    expect(yearlySavingBadge({ price: 10, priceYearly: 120 })).toBeNull(); // no saving
    expect(yearlySavingBadge({ price: 10, priceYearly: 130 })).toBeNull(); // dearer
  });

  it('has no badge without a yearly or a monthly price', () => {
    expect(yearlySavingBadge({ price: 10 })).toBeNull();
    expect(yearlySavingBadge({ price: 10, priceYearly: null })).toBeNull();
    expect(yearlySavingBadge({ price: null, priceYearly: 100 })).toBeNull();
    expect(yearlySavingBadge({ price: 0, priceYearly: 100 })).toBeNull();
  });

  it('measures the saving against the discounted monthly price', () => {
    // 12 × 15 = 180 → 190 is no saving
    expect(yearlySavingBadge({ price: 19, discuountedPrice: 15, priceYearly: 190 })).toBeNull();
  });
});

describe('billingSummary', () => {
  it("reads 'Just N$ per month' monthly", () => {
    expect(billingSummary({ price: 19, priceYearly: 190 }, 'monthly')).toBe('Just 19$ per month');
    expect(billingSummary({ price: 19, discuountedPrice: 9.5 }, 'monthly')).toBe('Just 9.50$ per month');
  });

  it("reads 'N$ per year (M$/mo)' yearly, M rounded to cents", () => {
    expect(billingSummary({ price: 19, priceYearly: 190 }, 'yearly')).toBe('190$ per year (15.83$/mo)');
    expect(billingSummary({ price: 12, priceYearly: 120 }, 'yearly')).toBe('120$ per year (10$/mo)');
  });

  it('falls back to the monthly summary when there is no yearly price', () => {
    expect(billingSummary({ price: 19 }, 'yearly')).toBe('Just 19$ per month');
  });
});

describe('purchaseLink', () => {
  const plan = { link: 'https://pay.example/buy', subscriptionLink: 'https://pay.example/manage' };

  it('opens the payment link without a subscription', () => {
    expect(purchaseLink(plan, { subscriptionId: null })).toBe('https://pay.example/buy');
    expect(purchaseLink(plan, null)).toBe('https://pay.example/buy');
    expect(purchaseLink(plan, { subscriptionId: '' })).toBe('https://pay.example/buy');
  });

  it('opens the subscription link when the account has a subscription', () => {
    expect(purchaseLink(plan, { subscriptionId: 'sub_1' })).toBe('https://pay.example/manage');
  });

  it('falls back to the payment link when the plan has no subscription link', () => {
    expect(purchaseLink({ link: 'https://pay.example/buy' }, { subscriptionId: 'sub_1' })).toBe(
      'https://pay.example/buy',
    );
  });

  it('is null with no link, and never opens a script or data URL', () => {
    expect(purchaseLink({}, null)).toBeNull();
    expect(purchaseLink({ link: '  ' }, null)).toBeNull();
    expect(purchaseLink({ link: 'javascript:alert(1)' }, null)).toBeNull();
    expect(purchaseLink({ link: 'data:text/html,hi' }, null)).toBeNull();
    expect(purchaseLink({ link: '//evil.example' }, null)).toBeNull();
    expect(purchaseLink({ link: '/joinPlan' }, null)).toBe('/joinPlan');
  });
});
