import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeAppView } from '@/features/runtime/test/runtime-fixtures';
import { clearToken, getToken, setToken } from '@/lib/session';
import { mockApi } from '@/test/mock-api';
import { ACCOUNT_INSET_VARIABLE, ACCOUNT_TOP_VARIABLE, AppAccount } from './app-account';
import { appPathname } from './runtime-root';

function renderAccount(reload = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppAccount appId="a1" reload={reload} />
    </QueryClientProvider>,
  );
  return { reload, unmount: view.unmount };
}
const withSignup = makeAppView({ appSettings: { isSignupEnabled: true } });

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
  window.history.replaceState(null, '', '/');
});

describe('the account corner of an app’s public pages', () => {
  it('shows a signed-in end user their email and signs them out', async () => {
    setToken({ idToken: 'end-user-token', expiresIn: 3600 });
    const api = mockApi({
      'GET /api/apps/a1': { body: withSignup },
      'GET /api/apps/a1/me': { body: { user: { id: 'u1', email: 'eve@example.com', role: 'user' } } },
      'POST /api/live_api/auth/signOut': { body: {} },
    });
    const { reload } = renderAccount();
    const trigger = await screen.findByRole('button', { name: 'Account: eve@example.com' });
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    expect((await screen.findByTestId('account-email')).textContent).toBe('eve@example.com');
    fireEvent.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(api.to('POST /api/live_api/auth/signOut')).toHaveLength(1);
    expect(getToken()).toBeNull();
  });

  it('offers an anonymous visitor sign-in and sign-up on the app’s own page, coming back here', async () => {
    window.history.replaceState(null, '', '/app/a1/tool/coach?x=1');
    const api = mockApi({ 'GET /api/apps/a1': { body: withSignup } });
    renderAccount();
    const signIn = await screen.findByRole('link', { name: 'Sign in' });
    expect(signIn.getAttribute('href')).toBe('/login?appId=a1&redirectTo=%2Fapp%2Fa1%2Ftool%2Fcoach%3Fx%3D1');
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe(
      '/login?appId=a1&redirectTo=%2Fapp%2Fa1%2Ftool%2Fcoach%3Fx%3D1&mode=signup',
    );
    // a visitor who never signed in costs no call of who they are
    expect(api.to('GET /api/apps/a1/me')).toHaveLength(0);
  });

  it('tells the page how much of its right edge the corner covers while it is shown', async () => {
    const root = document.documentElement;
    mockApi({ 'GET /api/apps/a1': { body: withSignup } });
    const view = renderAccount();
    const corner = await screen.findByRole('navigation', { name: 'Account' });
    // jsdom lays nothing out: the corner is taken to start 200 px from the right edge
    vi.spyOn(corner, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: window.innerWidth - 200, y: 12, width: 188, height: 32 }),
    );
    window.dispatchEvent(new Event('resize'));
    expect(root.style.getPropertyValue(ACCOUNT_INSET_VARIABLE)).toBe('208px');
    view.unmount();
    expect(root.style.getPropertyValue(ACCOUNT_INSET_VARIABLE)).toBe('');
  });

  it('on a phone, asks the page to start below the corner, so Sign in and Sign up do not cover its heading', async () => {
    const root = document.documentElement;
    const width = window.innerWidth;
    mockApi({ 'GET /api/apps/a1': { body: withSignup } });
    const view = renderAccount();
    const corner = await screen.findByRole('navigation', { name: 'Account' });
    vi.spyOn(corner, 'getBoundingClientRect').mockImplementation(() =>
      DOMRect.fromRect({ x: window.innerWidth - 200, y: 12, width: 188, height: 32 }),
    );
    try {
      window.innerWidth = 390;
      window.dispatchEvent(new Event('resize'));
      expect(root.style.getPropertyValue(ACCOUNT_TOP_VARIABLE)).toBe('52px');
      window.innerWidth = 1280;
      window.dispatchEvent(new Event('resize'));
      expect(root.style.getPropertyValue(ACCOUNT_TOP_VARIABLE)).toBe('0px');
    } finally {
      window.innerWidth = width;
    }
    view.unmount();
    expect(root.style.getPropertyValue(ACCOUNT_TOP_VARIABLE)).toBe('');
  });

  it('shows nothing to a visitor of an app without signup', async () => {
    const api = mockApi({ 'GET /api/apps/a1': { body: makeAppView() } });
    renderAccount();
    await waitFor(() => expect(api.to('GET /api/apps/a1')).toHaveLength(1));
    expect(screen.queryByRole('navigation', { name: 'Account' })).toBeNull();
  });
});

const HISTORY = [
  {
    runId: 'r2',
    createdAt: new Date().toISOString(),
    kind: 'assistant',
    toolTitle: null,
    inputs: { message: 'When do you open?' },
    output: 'We open at **nine**.',
    rating: 'up',
  },
  {
    runId: 'r1',
    createdAt: new Date(Date.now() - 3_600_000).toISOString(),
    kind: 'tool',
    toolTitle: 'Slogan maker',
    inputs: { input: 'green tea', tone: ['calm', 'warm'] },
    output: 'Green tea: calm in a cup.',
    rating: null,
  },
];

describe('My history', () => {
  it('lists what a signed-in end user asked, from their account menu', async () => {
    setToken({ idToken: 'end-user-token', expiresIn: 3600 });
    const api = mockApi({
      'GET /api/apps/a1': { body: withSignup },
      'GET /api/apps/a1/me': { body: { user: { id: 'u1', email: 'eve@example.com', role: 'user' } } },
      'GET /api/apps/a1/my-history': { body: HISTORY },
    });
    renderAccount();
    const trigger = await screen.findByRole('button', { name: 'Account: eve@example.com' });
    // the history is read only when asked for
    expect(api.to('GET /api/apps/a1/my-history')).toHaveLength(0);
    fireEvent.pointerDown(trigger, { button: 0, pointerType: 'mouse' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'My history' }));
    const sheet = await screen.findByRole('dialog', { name: 'My history' });
    const list = await within(sheet).findByRole('list', { name: 'Your history' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Assistant'),
      expect.stringContaining('Slogan maker'),
    ]);
    expect(within(items[0]!).getByText('When do you open?')).toBeTruthy();
    expect(within(items[0]!).getByLabelText('You rated it good')).toBeTruthy();
    expect(within(items[1]!).getByText('green tea · calm, warm')).toBeTruthy();
    expect(within(items[1]!).getByText('Green tea: calm in a cup.')).toBeTruthy();
  });

  it('gives a visitor with history a My history button, where they delete it after confirming', async () => {
    const api = mockApi({
      'GET /api/apps/a1': { body: makeAppView() },
      'GET /api/apps/a1/my-history': [{ body: HISTORY }, { body: [] }],
      'DELETE /api/apps/a1/my-history': { body: { erased: 2 } },
    });
    renderAccount();
    // an app without signup still gives the visitor their history
    fireEvent.click(await screen.findByRole('button', { name: 'My history' }));
    const sheet = await screen.findByRole('dialog', { name: 'My history' });
    await within(sheet).findByText('When do you open?');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Delete my history' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete your history?' });
    expect(api.to('DELETE /api/apps/a1/my-history')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete my history' }));
    expect(await within(sheet).findByText('Your history was deleted')).toBeTruthy();
    expect(api.to('DELETE /api/apps/a1/my-history')).toHaveLength(1);
    expect(within(sheet).queryByRole('button', { name: 'Delete my history' })).toBeNull();
    // closed, the button goes with the history
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'My history' })).toBeNull());
  });

  it('shows a visitor who asked nothing yet no history button', async () => {
    const api = mockApi({
      'GET /api/apps/a1': { body: withSignup },
      'GET /api/apps/a1/my-history': { body: [] },
    });
    renderAccount();
    await screen.findByRole('link', { name: 'Sign in' });
    await waitFor(() => expect(api.to('GET /api/apps/a1/my-history')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'My history' })).toBeNull();
  });
});

describe('the app’s pages on its own domain', () => {
  it('reads /, /tool/{path} and /{Page} as under /app/{appId} when the document names the app', () => {
    const doc = document.implementation.createHTMLDocument('x');
    expect(appPathname('/', doc)).toBe('/');
    const meta = doc.createElement('meta');
    meta.name = 'buildai-app-id';
    meta.content = 'a1';
    doc.head.append(meta);
    expect(appPathname('/', doc)).toBe('/app/a1');
    expect(appPathname('/tool/coach', doc)).toBe('/app/a1/tool/coach');
    expect(appPathname('/Pricing', doc)).toBe('/app/a1/Pricing');
    expect(appPathname('/app/a1/tool/coach', doc)).toBe('/app/a1/tool/coach');
  });
});
