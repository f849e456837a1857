import { act, fireEvent, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PURCHASE_POLL_INTERVAL_MS, type Account } from '@buildai/domain';
import { queryKeys } from '@/lib/query-keys';
import { JoinPlanPage } from '../components/join-plan-page';
import { DEMO_BANNER_TEXT } from '../components/upgrade-plan-dialog';
import { fakeServer, makeAccount, makeQueryClient, renderAt } from '../test/fixtures';
import { UpgradePlanDialogProvider, useUpgradePlanDialog } from './upgrade-plan-dialog';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Opener() {
  const dialog = useUpgradePlanDialog();
  return (
    <div>
      <button onClick={() => dialog.open()}>open default</button>
      <button onClick={() => dialog.open('showPlan')}>open show plan</button>
      <button onClick={() => dialog.open('default', { demo: true })}>open demo</button>
      <button onClick={() => dialog.open('default', { appId: 'app_1', toolName: 'Caption Writer' })}>
        open app
      </button>
      <span data-testid="mode">{dialog.mode}</span>
    </div>
  );
}

/** The shell in miniature: the host around the routed screens. */
const shellRoutes = [
  {
    element: (
      <UpgradePlanDialogProvider>
        <Outlet />
      </UpgradePlanDialogProvider>
    ),
    children: [
      { path: '/home', element: <Opener /> },
      { path: '/joinPlan', element: <JoinPlanPage /> },
    ],
  },
];

const dialog = () => screen.queryByRole('dialog');
const flush = () => act(() => vi.advanceTimersByTimeAsync(50));

describe('Upgrade plan dialog host', () => {
  it('opens in default mode from ?goto=upgrade_app_plan and drops the param when closed', async () => {
    fakeServer({});
    const { router } = renderAt(null, { url: '/home?goto=upgrade_app_plan&tab=apps', routes: shellRoutes });
    const d = await screen.findByRole('dialog');
    expect(within(d).getByRole('heading', { name: 'Upgrade your plan' })).toBeTruthy();
    expect(await within(d).findByRole('article', { name: 'Explorer' })).toBeTruthy();
    expect(screen.getByTestId('mode').textContent).toBe('default');

    fireEvent.click(within(d).getByRole('button', { name: 'Close' }));
    expect(dialog()).toBeNull();
    expect(router.state.location.pathname).toBe('/home');
    expect(router.state.location.search).toBe('?tab=apps');
    expect(screen.getByTestId('mode').textContent).toBe('none');
  });

  it('stays closed without the param', async () => {
    fakeServer({});
    renderAt(null, { url: '/home?goto=somewhere', routes: shellRoutes });
    expect(await screen.findByTestId('mode')).toBeTruthy();
    expect(dialog()).toBeNull();
  });

  it("opens from useUpgradePlanDialog().open: 'Upgrade your plan', or 'Your plan' in show-plan mode", async () => {
    fakeServer({});
    renderAt(null, { routes: shellRoutes });
    fireEvent.click(screen.getByRole('button', { name: 'open default' }));
    expect(within(await screen.findByRole('dialog')).getByText('Upgrade your plan')).toBeTruthy();
    expect(screen.queryByText(DEMO_BANNER_TEXT)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));

    fireEvent.click(screen.getByRole('button', { name: 'open show plan' }));
    const d = await screen.findByRole('dialog');
    expect(within(d).getByRole('heading', { name: 'Your plan' })).toBeTruthy();
    expect(screen.getByTestId('mode').textContent).toBe('showPlan');
    const lite = await within(d).findByRole('article', { name: 'Lite' });
    expect(within(lite).getByRole('button', { name: 'Current plan' })).toBeTruthy();
  });

  it('shows the demo banner when asked', async () => {
    fakeServer({});
    renderAt(null, { routes: shellRoutes });
    fireEvent.click(screen.getByRole('button', { name: 'open demo' }));
    expect(within(await screen.findByRole('dialog')).getByText(DEMO_BANNER_TEXT)).toBeTruthy();
  });

  it("shows an app's single membership plan with its tool name", async () => {
    fakeServer({
      plans: (appId) =>
        appId === 'app_1'
          ? [{ id: 'm', name: 'Members', price: 9, priceYearly: 90, description: '', link: 'https://pay/m' }]
          : [],
    });
    renderAt(null, { routes: shellRoutes });
    fireEvent.click(screen.getByRole('button', { name: 'open app' }));
    const d = await screen.findByRole('dialog');
    expect(await within(d).findByText('Unlock Caption Writer to reach your goals faster.')).toBeTruthy();
    expect(
      within(d)
        .getByRole('link', { name: /Start My Journey/ })
        .getAttribute('href'),
    ).toBe('https://pay/m');
  });
});

describe('after a purchase (?sale_id=)', () => {
  it("polls the account every 4 s with 'Refreshing your account...', then shows the new plan", async () => {
    vi.useFakeTimers();
    let tries = 0;
    const server = fakeServer({
      account: () => {
        tries += 1;
        return tries < 3
          ? makeAccount()
          : makeAccount({ plan: 'explorer', subscriptionId: 'sub_1', planSubscriptionStatus: 'alive' });
      },
    });
    const client = makeQueryClient(makeAccount());
    const { router } = renderAt(null, { url: '/home?sale_id=sale_42', routes: shellRoutes, client });
    await flush();
    const d = screen.getByRole('dialog');
    expect(within(d).getByText('Your plan')).toBeTruthy();
    expect(within(d).getByText('Refreshing your account...')).toBeTruthy();

    const accountCalls = () => server.calls('/api/live_api/account/current').length;
    expect(accountCalls()).toBe(0);
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    expect(accountCalls()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    expect(accountCalls()).toBe(2);
    expect(within(d).getByText('Refreshing your account...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    await flush();
    expect(accountCalls()).toBe(3);

    expect(within(d).queryByText('Refreshing your account...')).toBeNull();
    expect(within(d).getByText(/Payment confirmed/)).toBeTruthy();
    expect(within(d).getByText("You're now on the Explorer plan.")).toBeTruthy();
    expect(within(d).getByRole('article', { name: 'Explorer' }).getAttribute('data-plan-state')).toBe(
      'selected',
    );
    expect((client.getQueryData(queryKeys.account) as Account).plan).toBe('explorer');

    // no more asking once confirmed
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 5));
    expect(accountCalls()).toBe(3);

    fireEvent.click(within(d).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('');
  });

  it('waits for the sale itself when the subscription was alive before (a change of plan)', async () => {
    vi.useFakeTimers();
    let tries = 0;
    const alive = { subscriptionId: 'sub_1', planSubscriptionStatus: 'alive' } as const;
    fakeServer({
      account: () => {
        tries += 1;
        return tries < 3
          ? makeAccount({ plan: 'explorer', ...alive, subscriptionPaymentsIds: ['s1'] })
          : makeAccount({ plan: 'moon', ...alive, subscriptionPaymentsIds: ['s1', 'sale_9'] });
      },
    });
    const client = makeQueryClient(
      makeAccount({ plan: 'explorer', ...alive, subscriptionPaymentsIds: ['s1'] }),
    );
    renderAt(null, { url: '/home?sale_id=sale_9', routes: shellRoutes, client });
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 2));
    await flush();
    expect(tries).toBe(2);
    expect(screen.getByText('Refreshing your account...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    await flush();
    expect(tries).toBe(3);
    expect(screen.getByText("You're now on the Moon plan.")).toBeTruthy();
  });

  it('stops when the sale id shows among the payments', async () => {
    vi.useFakeTimers();
    let tries = 0;
    fakeServer({
      account: () => {
        tries += 1;
        return tries < 2
          ? makeAccount({ subscriptionPaymentsIds: ['older'] })
          : makeAccount({ plan: 'discover', subscriptionPaymentsIds: ['older', 'sale_7'] });
      },
    });
    renderAt(null, { url: '/home?sale_id=sale_7', routes: shellRoutes });
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 2));
    await flush();
    expect(tries).toBe(2);
    expect(screen.getByText("You're now on the Discover plan.")).toBeTruthy();
  });

  it('gives up after 15 tries and says to contact support, with a way to check again', async () => {
    vi.useFakeTimers();
    const server = fakeServer({ account: () => makeAccount() });
    renderAt(null, { url: '/home?sale_id=sale_1', routes: shellRoutes });
    await flush();
    const accountCalls = () => server.calls('/api/live_api/account/current').length;
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 14));
    expect(accountCalls()).toBe(14);
    expect(screen.getByText('Refreshing your account...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    await flush();
    expect(accountCalls()).toBe(15);
    expect(screen.queryByText('Refreshing your account...')).toBeNull();
    expect(screen.getByText("We couldn't confirm your payment yet.")).toBeTruthy();
    expect(screen.getByText(/contact support with your payment id sale_1/)).toBeTruthy();
    // the cards still show, with the plan the account has
    expect(screen.getByRole('article', { name: 'Lite' }).getAttribute('data-plan-state')).toBe('selected');

    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS * 5));
    expect(accountCalls()).toBe(15);

    fireEvent.click(screen.getByRole('button', { name: /Check again/ }));
    await flush();
    expect(screen.getByText('Refreshing your account...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    expect(accountCalls()).toBe(16);
  });

  it('confirms the purchase on /joinPlan itself, without opening the dialog', async () => {
    vi.useFakeTimers();
    fakeServer({ account: () => makeAccount({ plan: 'monetizer', planSubscriptionStatus: 'alive' }) });
    const client = makeQueryClient(makeAccount());
    renderAt(null, { url: '/joinPlan?sale_id=sale_3', routes: shellRoutes, client });
    await flush();
    expect(dialog()).toBeNull();
    expect(screen.getByText('Refreshing your account...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    await flush();
    expect(dialog()).toBeNull();
    expect(screen.getByText("You're now on the Monetizer plan.")).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Monetizer' }).getAttribute('data-plan-state')).toBe(
      'selected',
    );
  });
});

describe('JoinPlanPage', () => {
  it('shows the plans with the current one marked', async () => {
    fakeServer({});
    renderAt(null, {
      url: '/joinPlan',
      routes: shellRoutes,
      client: makeQueryClient(makeAccount({ plan: 'monetizer' })),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Your plan' })).toBeTruthy();
    const monetizer = await screen.findByRole('article', { name: 'Monetizer' });
    expect(within(monetizer).getByRole('button', { name: 'Current plan' })).toBeTruthy();
    expect(within(monetizer).getByText('Current')).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Moon' }).getAttribute('data-plan-state')).toBe('upgrade');
    expect(dialog()).toBeNull();
  });

  it('works outside the shell host too', async () => {
    fakeServer({});
    renderAt(<JoinPlanPage />, { url: '/joinPlan' });
    expect(await screen.findByRole('article', { name: 'Lite' })).toBeTruthy();
  });
});
