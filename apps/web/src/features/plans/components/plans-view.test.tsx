import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanCard } from '@buildai/domain';
import {
  DEFAULT_PLANS,
  fakeServer,
  makeAccount,
  makeQueryClient,
  renderAt,
  serverError,
} from '../test/fixtures';
import { PlansView } from './plans-view';
import { NOT_ON_SALE, PURCHASES_OFF_TITLE, PURCHASES_PARTLY_TITLE } from './purchases-off-notice';

afterEach(() => vi.unstubAllGlobals());

const cardOf = (name: string) => screen.getByRole('article', { name });
const actionOf = (name: string) => {
  const card = cardOf(name);
  return within(card).queryByRole('link') ?? within(card).getByRole('button');
};

describe('PlansView — several plans', () => {
  it('shows one card per plan with its state and button', async () => {
    fakeServer({});
    renderAt(<PlansView />, { client: makeQueryClient(makeAccount({ plan: 'Explorer' })) });
    expect(await screen.findByRole('article', { name: 'Explorer' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(5);

    expect(cardOf('Explorer').getAttribute('data-plan-state')).toBe('selected');
    const current = actionOf('Explorer') as HTMLButtonElement;
    expect(current.tagName).toBe('BUTTON');
    expect(current.textContent).toBe('Current plan');
    expect(current.disabled).toBe(true);

    expect(cardOf('Lite').getAttribute('data-plan-state')).toBe('downgrade');
    expect(actionOf('Lite').textContent).toBe('Downgrade');
    // Lite has no payment link and the account no subscription to cancel: its button cannot open anything
    expect((actionOf('Lite') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByText(/Contact support/)).toBeNull();
    // every paid card has its link: purchases are on
    expect(screen.queryByRole('note', { name: PURCHASES_OFF_TITLE })).toBeNull();

    expect(cardOf('Monetizer').getAttribute('data-plan-state')).toBe('upgrade');
    expect(actionOf('Monetizer').textContent).toContain('Start earning');
    expect(actionOf('Discover').textContent).toContain('Upgrade');
    expect(actionOf('Moon').textContent).toContain('Upgrade');
  });

  it("shows 'Free', the period, the discounted price with the old one struck through, and the most popular flag", async () => {
    fakeServer({});
    renderAt(<PlansView />);
    await screen.findByRole('article', { name: 'Lite' });
    expect(within(cardOf('Lite')).getByText('Free')).toBeTruthy();
    expect(within(cardOf('Explorer')).getByText('$19')).toBeTruthy();
    expect(within(cardOf('Explorer')).getByText('/month')).toBeTruthy();
    expect(within(cardOf('Discover')).getByText('/one time')).toBeTruthy();
    const monetizer = cardOf('Monetizer');
    expect(within(monetizer).getByText('$39')).toBeTruthy();
    expect(within(monetizer).getByText('$49').tagName).toBe('S');
    expect(within(cardOf('Explorer')).getByText('most popular')).toBeTruthy();
    expect(within(cardOf('Moon')).queryByText('most popular')).toBeNull();
    expect(within(cardOf('Explorer')).getByText('For makers')).toBeTruthy();
    // a description of several lines becomes a list
    expect(within(monetizer).getAllByRole('listitem')).toHaveLength(3);
  });

  it('opens the payment link in a new tab', async () => {
    fakeServer({});
    renderAt(<PlansView />);
    await screen.findByRole('article', { name: 'Explorer' });
    const link = actionOf('Explorer') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('https://pay.example/explorer');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
  });

  it('says how an operator turns purchases on when paid cards have no payment link', async () => {
    fakeServer({ plans: DEFAULT_PLANS.map((p) => ({ ...p, link: '', subscriptionLink: '' })) });
    renderAt(<PlansView />, { client: makeQueryClient(makeAccount({ plan: 'lite' })) });
    const note = await screen.findByRole('note', { name: PURCHASES_OFF_TITLE });
    expect(note.textContent).toContain('GUMROAD_ACCESS_TOKEN');
    expect(note.textContent).toContain('gumroadProductId');
    expect(note.textContent).toContain('PLANS_FILE');
    for (const name of ['Explorer', 'Monetizer', 'Discover', 'Moon']) {
      const action = actionOf(name) as HTMLButtonElement;
      expect(action.tagName).toBe('BUTTON');
      expect(action.disabled).toBe(true);
    }
    expect(screen.queryByText(/Contact support/)).toBeNull();
  });

  it('marks the plans not on sale yet when only some paid cards have a payment link', async () => {
    fakeServer({
      plans: DEFAULT_PLANS.map((p) => (p.id === 'discover' || p.id === 'moon' ? { ...p, link: '' } : p)),
    });
    renderAt(<PlansView />, { client: makeQueryClient(makeAccount({ plan: 'lite' })) });
    const note = await screen.findByRole('note', { name: PURCHASES_PARTLY_TITLE });
    expect(note.textContent).toContain('gumroadProductId');
    expect(screen.queryByRole('note', { name: PURCHASES_OFF_TITLE })).toBeNull();
    expect(actionOf('Explorer').getAttribute('href')).toBe('https://pay.example/explorer');
    expect(within(cardOf('Explorer')).queryByText(NOT_ON_SALE)).toBeNull();
    for (const name of ['Discover', 'Moon']) {
      expect((actionOf(name) as HTMLButtonElement).disabled).toBe(true);
      expect(within(cardOf(name)).getByText(NOT_ON_SALE)).toBeTruthy();
    }
  });

  it("offers the subscription's management page on the current plan", async () => {
    fakeServer({});
    renderAt(<PlansView />, {
      client: makeQueryClient(makeAccount({ plan: 'explorer', subscriptionId: 'sub_1' })),
    });
    await screen.findByRole('article', { name: 'Explorer' });
    const manage = within(cardOf('Explorer')).getByRole('link', { name: /Manage subscription/ });
    expect(manage.getAttribute('href')).toBe('https://pay.example/manage');
    expect(manage.getAttribute('target')).toBe('_blank');
    expect(within(cardOf('Monetizer')).queryByRole('link', { name: /Manage subscription/ })).toBeNull();
  });

  it('has no management link without a subscription', async () => {
    fakeServer({});
    renderAt(<PlansView />, { client: makeQueryClient(makeAccount({ plan: 'explorer' })) });
    await screen.findByRole('article', { name: 'Explorer' });
    expect(screen.queryByRole('link', { name: /Manage subscription/ })).toBeNull();
  });

  it('sends a subscribed builder to the management page from the free card, where the subscription ends', async () => {
    fakeServer({});
    renderAt(<PlansView />, {
      client: makeQueryClient(makeAccount({ plan: 'explorer', subscriptionId: 'sub_1' })),
    });
    await screen.findByRole('article', { name: 'Lite' });
    expect(actionOf('Lite').getAttribute('href')).toBe('https://pay.example/manage');
    expect(actionOf('Lite').textContent).toContain('Downgrade');
  });

  it('opens the subscription link when the account has a subscription', async () => {
    fakeServer({});
    renderAt(<PlansView />, {
      client: makeQueryClient(makeAccount({ plan: 'explorer', subscriptionId: 'sub_1' })),
    });
    await screen.findByRole('article', { name: 'Monetizer' });
    expect(actionOf('Monetizer').getAttribute('href')).toBe('https://pay.example/manage');
    // Discover has no subscription link: its payment link is used
    expect(actionOf('Discover').getAttribute('href')).toBe('https://pay.example/discover');
  });

  it('takes the free card as current when the account plan matches no card', async () => {
    fakeServer({});
    renderAt(<PlansView />, { client: makeQueryClient(makeAccount({ plan: 'legacy' })) });
    await screen.findByRole('article', { name: 'Lite' });
    expect(cardOf('Lite').getAttribute('data-plan-state')).toBe('selected');
    expect(cardOf('Moon').getAttribute('data-plan-state')).toBe('upgrade');
  });

  it('disables a disabled card and Discover when lite is disabled', async () => {
    const plans = DEFAULT_PLANS.map((p) => (p.id === 'free' ? { ...p, disabled: true } : p));
    fakeServer({ plans });
    renderAt(<PlansView />, { client: makeQueryClient(makeAccount({ plan: 'explorer' })) });
    await screen.findByRole('article', { name: 'Discover' });
    expect(cardOf('Discover').getAttribute('data-plan-state')).toBe('disabled');
    expect((actionOf('Discover') as HTMLButtonElement).disabled).toBe(true);
    expect(cardOf('Lite').getAttribute('data-plan-state')).toBe('disabled');
  });

  it("shows 'Refreshing your account...' while the plans load", async () => {
    fakeServer({});
    renderAt(<PlansView />);
    expect(screen.getByText('Refreshing your account...')).toBeTruthy();
    await screen.findByRole('article', { name: 'Lite' });
    expect(screen.queryByText('Refreshing your account...')).toBeNull();
  });

  it('asks the app membership plans with the app id', async () => {
    const server = fakeServer({ plans: (appId) => (appId === 'app_1' ? [] : DEFAULT_PLANS) });
    renderAt(<PlansView appId="app_1" />);
    expect(await screen.findByText('No plans to choose from yet')).toBeTruthy();
    expect(server.calls('/api/live_api/app/paidPlans')).toEqual(['/api/live_api/app/paidPlans?appId=app_1']);
  });

  it('says so kindly when there are no plans', async () => {
    fakeServer({ plans: [] });
    renderAt(<PlansView />);
    expect(await screen.findByText('No plans to choose from yet')).toBeTruthy();
  });

  it('offers a retry when the plans cannot be loaded', async () => {
    let fail = true;
    fakeServer({ plans: () => (fail ? serverError() : DEFAULT_PLANS) });
    renderAt(<PlansView />);
    expect(await screen.findByText("We couldn't load the plans")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('article', { name: 'Moon' })).toBeTruthy();
  });
});

describe('PlansView — single plan', () => {
  const membership: PlanCard = {
    id: 'pro',
    name: 'Pro members',
    price: 19,
    priceYearly: 190,
    description: 'Unlimited runs',
    link: 'https://pay.example/pro',
    subscriptionLink: 'https://pay.example/pro/manage',
  };

  it('shows the header, the chooser on yearly, the saving, the promise and the button', async () => {
    fakeServer({ plans: [membership] });
    renderAt(<PlansView appId="app_1" toolName="Caption Writer" />);
    expect(await screen.findByText('Unlock Caption Writer to reach your goals faster.')).toBeTruthy();
    const yearly = screen.getByRole('radio', { name: /Yearly/ });
    expect(yearly.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Monthly' }).getAttribute('aria-checked')).toBe('false');
    expect(within(yearly).getByText('Save 17%')).toBeTruthy();
    expect(screen.getByText('No Commitment - Cancel Anytime')).toBeTruthy();
    const cta = screen.getByRole('link', { name: /Start My Journey/ });
    expect(cta.getAttribute('href')).toBe('https://pay.example/pro');
    expect(cta.getAttribute('target')).toBe('_blank');
    expect(screen.getByTestId('billing-summary').textContent).toBe('190$ per year (15.83$/mo)');
    expect(screen.getByText('$190')).toBeTruthy();
  });

  it("switches to monthly: 'Just N$ per month'", async () => {
    fakeServer({ plans: [membership] });
    renderAt(<PlansView appId="app_1" toolName="Caption Writer" />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Monthly' }));
    expect(screen.getByTestId('billing-summary').textContent).toBe('Just 19$ per month');
    expect(screen.getByText('$19')).toBeTruthy();
    expect(screen.getByText('/month')).toBeTruthy();
  });

  it('has no chooser and a monthly summary without a yearly price', async () => {
    fakeServer({ plans: [{ ...membership, priceYearly: null }] });
    renderAt(<PlansView appId="app_1" toolName="Caption Writer" />);
    await screen.findByText('No Commitment - Cancel Anytime');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByTestId('billing-summary').textContent).toBe('Just 19$ per month');
  });

  it("hides 'Save N%' below a 10% saving", async () => {
    fakeServer({ plans: [{ ...membership, price: 10, priceYearly: 110 }] });
    renderAt(<PlansView appId="app_1" />);
    await screen.findByRole('radio', { name: /Yearly/ });
    expect(screen.queryByText(/Save \d+%/)).toBeNull();
    // without a tool name the plan names the header
    expect(screen.getByText('Unlock Pro members to reach your goals faster.')).toBeTruthy();
  });

  it('disables the button, with a word on what to do, when the plan has no payment link', async () => {
    fakeServer({ plans: [{ ...membership, link: '', subscriptionLink: '' }] });
    renderAt(<PlansView appId="app_1" />);
    const cta = await screen.findByRole('button', { name: 'Start My Journey' });
    expect((cta as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Contact support to join this plan.')).toBeTruthy();
  });

  it("opens the membership's payment page whatever the builder's own subscription", async () => {
    fakeServer({ plans: [membership] });
    renderAt(<PlansView appId="app_1" />, {
      client: makeQueryClient(makeAccount({ plan: 'Pro members', subscriptionId: 'sub_9' })),
    });
    const cta = await screen.findByRole('link', { name: /Start My Journey/ });
    expect(cta.getAttribute('href')).toBe('https://pay.example/pro');
  });

  it('opens the management link of a builder subscribed to the only builder plan', async () => {
    fakeServer({ plans: [membership] });
    renderAt(<PlansView />, {
      client: makeQueryClient(makeAccount({ plan: 'lite', subscriptionId: 'sub_9' })),
    });
    const cta = await screen.findByRole('link', { name: /Start My Journey/ });
    expect(cta.getAttribute('href')).toBe('https://pay.example/pro/manage');
  });

  it('in a demo, says where the button leads and still opens the checkout in a new tab', async () => {
    fakeServer({ plans: [membership] });
    renderAt(<PlansView appId="app_1" toolName="Caption Writer" demo />);
    const cta = await screen.findByRole('link', { name: /Start My Journey/ });
    expect(cta.getAttribute('href')).toBe('https://pay.example/pro');
    expect(cta.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Your users go to this checkout page. Opens in a new tab.')).toBeTruthy();
  });
});
