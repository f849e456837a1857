import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PURCHASE_POLL_INTERVAL_MS, type MembershipStatus } from '@buildai/domain';
import { makeAccount } from '@/features/auth/test/harness';
import { makeAppView } from '@/features/runtime/test/runtime-fixtures';
import { clearToken, setToken } from '@/lib/session';
import { errorReply, mockApi } from '@/test/mock-api';
import { RuntimeRoot } from '../runtime-root';
import { pageExit } from './leave-page';

/** the page's full navigations, watched instead of made */
const leavePage = vi.spyOn(pageExit, 'leave').mockImplementation(() => {});

const locked: MembershipStatus = {
  required: true,
  isMember: false,
  appName: 'Slogan writer',
  plan: {
    id: 'prod_1',
    name: 'Slogan club',
    price: 9,
    priceYearly: 90,
    oneTimePayment: false,
    description: '',
    link: 'https://seller.gumroad.com/l/slogans',
  },
};
const member: MembershipStatus = { ...locked, isMember: true };

/** An id token of an end user of app a1 (the page reads its claims; the server checks the signature). */
function signInEndUser(email = 'ann@example.com') {
  const payload = btoa(JSON.stringify({ tid: 'a1', email })).replace(/=+$/, '');
  setToken({ idToken: `h.${payload}.s`, refreshToken: '', expiresIn: 3600 } as never);
}

function renderAt(path: string) {
  window.history.replaceState(null, '', path);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RuntimeRoot />
    </QueryClientProvider>,
  );
}
const slow = { timeout: 10_000 };
const appRoutes = {
  'GET /api/apps/a1': { body: makeAppView() },
  'GET /api/live_api/user/memories/current': { body: { appId: 'a1', values: {}, updatedAt: null } },
};

beforeAll(async () => {
  // transformed once up front: the first test would otherwise wait for it on a busy machine
  await import('./membership-dialog');
}, 60_000);
// the worker's next files see the page's own navigation again
afterAll(() => leavePage.mockRestore());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  leavePage.mockClear();
  clearToken();
});

describe('an app with paid memberships, on its public page', () => {
  it("offers a visitor the app's single plan, yearly first, and opens its checkout", async () => {
    mockApi({ ...appRoutes, 'GET /api/apps/a1/membership': { body: locked } });
    renderAt('/app/a1/tool/my-tool');
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('Unlock Slogan writer to reach your goals faster.')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('radio', { name: /Yearly/ })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(within(dialog).getByText('Save 17%')).toBeTruthy();
    expect(within(dialog).getByText('No Commitment - Cancel Anytime')).toBeTruthy();
    expect(within(dialog).getByTestId('billing-summary').textContent).toBe('90$ per year (7.50$/mo)');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Monthly' }));
    expect(within(dialog).getByTestId('billing-summary').textContent).toBe('Just 9$ per month');

    fireEvent.click(within(dialog).getByRole('button', { name: /Start My Journey/ }));
    expect(leavePage).toHaveBeenCalledWith('https://seller.gumroad.com/l/slogans?recurrence=monthly');
  });

  it('fills in the email of a signed-in end user on the checkout', async () => {
    signInEndUser('ann+1@example.com');
    mockApi({ ...appRoutes, 'GET /api/apps/a1/membership': { body: locked } });
    renderAt('/app/a1/tool/my-tool');
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: /Start My Journey/ }));
    expect(leavePage).toHaveBeenCalledWith(
      'https://seller.gumroad.com/l/slogans?email=ann%2B1%40example.com&recurrence=yearly',
    );
  });

  it('shows a member the tool without a dialog', async () => {
    mockApi({ ...appRoutes, 'GET /api/apps/a1/membership': { body: member } });
    renderAt('/app/a1/tool/my-tool');
    expect(await screen.findByRole('heading', { name: 'Slogan writer' }, slow)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the plan again when the server refuses a run', async () => {
    mockApi({
      ...appRoutes,
      'GET /api/apps/a1/membership': { body: locked },
      'POST /api/apps/a1/tools/my-tool/run': errorReply('payments/membership-required'),
    });
    renderAt('/app/a1/tool/my-tool');
    const dialog = await screen.findByRole('dialog', {}, slow);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.change(screen.getByLabelText(/Your product/), { target: { value: 'Tea' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('dialog', {}, slow)).toBeTruthy();
  });

  it("sends a visitor back from the checkout to the app's sign-up with the sale", async () => {
    mockApi({ ...appRoutes, 'GET /api/apps/a1/membership': { body: locked } });
    renderAt('/app/a1/tool/my-tool?sale_id=s_1');
    await waitFor(() =>
      expect(leavePage).toHaveBeenCalledWith(
        '/login?appId=a1&mode=signup&sale_id=s_1&redirectTo=%2Fapp%2Fa1%2Ftool%2Fmy-tool',
      ),
    );
  });

  it("polls a signed-in end user's account every 4 s until the sale shows, then lets them in", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInEndUser();
    let accountTries = 0;
    const api = mockApi({
      ...appRoutes,
      'GET /api/apps/a1/membership': () => ({ body: accountTries >= 2 ? member : locked }),
      'GET /api/live_api/account/current': () => {
        accountTries += 1;
        return { body: makeAccount({ subscriptionPaymentsIds: accountTries >= 2 ? ['s_1'] : [] }) };
      },
    });
    renderAt('/app/a1/tool/my-tool?sale_id=s_1');
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(within(dialog).getByText('Refreshing your account...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    expect(api.requests.filter((r) => r.path === '/api/live_api/account/current')).toHaveLength(1);
    expect(within(dialog).getByText('Refreshing your account...')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(PURCHASE_POLL_INTERVAL_MS));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.search).toBe('');
    expect(leavePage).not.toHaveBeenCalled();
  });
});

describe('a space app with paid memberships', () => {
  const spaceApp = { appOrigin: 'http://127.0.0.1:4001', documentUrl: 'http://127.0.0.1:4001/apps/a1/' };
  const spaceRoutes = {
    'GET /api/apps/a1': { body: makeAppView({ appType: 'space', tools: [], spaceApp }) },
  };

  it("keeps a visitor out of the app's frame and offers the plan", async () => {
    const api = mockApi({ ...spaceRoutes, 'GET /api/apps/a1/membership': { body: locked } });
    renderAt('/app/a1/Home');
    expect(await screen.findByRole('dialog', {}, slow)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('heading', { name: 'Members only' })).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
    expect(api.requests.some((r) => r.path === '/api/apps/a1/member-link')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'See the membership' }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it("opens a member's page through a member's link", async () => {
    const url = 'http://127.0.0.1:4001/apps/a1/?access=t1';
    mockApi({
      ...spaceRoutes,
      'GET /api/apps/a1/membership': { body: member },
      'POST /api/apps/a1/member-link': {
        body: { url, expiresAt: new Date(Date.now() + 600_000).toISOString() },
      },
    });
    renderAt('/app/a1/Home');
    const frame = (await screen.findByTitle(/.+/, {}, slow)) as HTMLIFrameElement;
    expect(frame.src.startsWith('http://127.0.0.1:4001/apps/a1/?access=t1')).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
