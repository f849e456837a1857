import * as React from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSettingsSchema, moneyMessages, type AppSettings, type PaymentProduct } from '@buildai/domain';
import { errorReply, mockApi, type SentRequest } from '@/test/mock-api';
import { builder, withProviders } from '@/test/workspace-fixtures';
import type { BuilderAccount } from '@/lib/builder-types';
import { makeApp } from '@/test/builder-test-kit';
import { PaidMembershipsSection, PAID_MEMBERSHIPS_NEEDS_SIGNUP } from './paid-memberships-section';
import { CHANGE_PRODUCT_TITLE } from './paid-memberships/change-product-dialog';
import { PlanPreviewProvider } from './paid-memberships/plan-preview';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TOKEN = 'gum-secret-token-123';
const PRODUCTS: PaymentProduct[] = [
  {
    id: 'prod_a',
    name: 'Pro members',
    url: 'https://gumroad.example/l/prod_a',
    priceCents: 1000,
    yearlyPriceCents: 9600,
    isSubscription: true,
    currency: 'usd',
  },
  {
    id: 'prod_b',
    name: 'Lifetime pass',
    url: 'https://gumroad.example/l/prod_b',
    priceCents: 4900,
    yearlyPriceCents: null,
    isSubscription: false,
    currency: 'usd',
  },
];
const ON = { isSignupEnabled: true, isPaidMembershipsEnabled: true };
const STORED = {
  paymentProvider: 'gumroad' as const,
  hasPaymentProviderAccessToken: true,
  isSetupCompleted: false,
};
const CONNECTED = {
  ...ON,
  paidMembershipsProduct: { id: 'prod_a', name: 'Pro members' },
  paidMembershipsSettings: { ...STORED, isSetupCompleted: true },
};

function connectedReply(productId: string) {
  const product = PRODUCTS.find((p) => p.id === productId)!;
  return {
    body: {
      paidMembershipsProduct: { id: product.id, name: product.name },
      paidMembershipsSettings: { ...STORED, isSetupCompleted: true },
    },
  };
}

/** The settings route as the server answers it: the token kept apart (never answered), the rest as sent. */
function settingsRoute(req: SentRequest) {
  const { gumroadAccessToken: _token, ...rest } = (req.body as { appSettings: AppSettings }).appSettings;
  return {
    body: {
      appSettings: {
        ...rest,
        paidMembershipsSettings: { ...rest.paidMembershipsSettings, hasPaymentProviderAccessToken: true },
      },
    },
  };
}

/** The section holding its own settings, as the workspace does; `changes` records every patch. */
function renderSection(initial: Partial<AppSettings> = {}, account: BuilderAccount = builder()) {
  const changes: Partial<AppSettings>[] = [];
  const onShow = vi.fn();
  function Host() {
    const [settings, setSettings] = React.useState(appSettingsSchema.parse(initial));
    return (
      <PlanPreviewProvider onShow={onShow}>
        <PaidMembershipsSection
          app={makeApp({ appId: 'a1', header: 'Caption Writer', appSettings: settings })}
          settings={settings}
          account={account}
          locked={account.plan === 'lite' && !account.isAdmin}
          onUpgrade={() => {}}
          onChange={(patch) => {
            changes.push(patch);
            setSettings((s) => ({ ...s, ...patch }));
          }}
        />
      </PlanPreviewProvider>
    );
  }
  const utils = render(withProviders(<Host />));
  return { ...utils, changes, onShow };
}

const toggle = () => screen.getByRole('switch', { name: 'Enable paid memberships' }) as HTMLButtonElement;
const tokenInput = () => screen.getByLabelText('Gumroad access token');
const connectButton = () => screen.getByRole('button', { name: /^(Connect|Connected|Connecting\.\.\.)$/ });

describe('the Paid memberships section', () => {
  it('is disabled without user signup, and says why', () => {
    const api = mockApi({});
    const { changes } = renderSection();
    expect(toggle().disabled).toBe(true);
    expect(screen.getByText(PAID_MEMBERSHIPS_NEEDS_SIGNUP)).toBeTruthy();
    fireEvent.click(toggle());
    expect(changes).toEqual([]);
    expect(screen.queryByLabelText('Gumroad access token')).toBeNull();
    expect(api.requests).toEqual([]);
  });

  it('turns on with signup on and shows the Gumroad setup with the redirect address', () => {
    mockApi({});
    const { changes } = renderSection({ isSignupEnabled: true });
    expect(toggle().disabled).toBe(false);
    fireEvent.click(toggle());
    expect(changes).toEqual([{ isPaidMembershipsEnabled: true }]);
    expect(tokenInput()).toBeTruthy();
    const redirect = screen.getByLabelText('Redirect after purchase') as HTMLInputElement;
    expect(redirect.value).toBe(`${window.location.origin}/app/a1`);
    expect(screen.getByRole('button', { name: 'Copy redirect address' })).toBeTruthy();
  });

  it('redirects to the custom domain when the app has one', () => {
    mockApi({});
    renderSection({ ...ON, customDomain: 'members.example.com' });
    expect((screen.getByLabelText('Redirect after purchase') as HTMLInputElement).value).toBe(
      'https://members.example.com/',
    );
  });

  it('asks for the products 1 s after the last keystroke, then keeps the token in the settings and never shows it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = mockApi({ 'GET /api/apps/a1/payments/products': { body: { products: PRODUCTS } } });
    const { changes, container } = renderSection(ON);
    fireEvent.change(tokenInput(), { target: { value: 'gum-secret' } });
    await act(() => vi.advanceTimersByTimeAsync(900));
    fireEvent.change(tokenInput(), { target: { value: TOKEN } });
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(api.to('GET /api/apps/a1/payments/products')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    vi.useRealTimers();
    const sent = api.to('GET /api/apps/a1/payments/products');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.get('appId')).toBe('a1');
    expect(sent[0]!.query.get('accessToken')).toBe(TOKEN);

    expect(await screen.findByRole('radio', { name: 'Pro members' })).toBeTruthy();
    expect(screen.getByText('$10/month · $96/year')).toBeTruthy();
    expect(screen.getByText('$49 one time')).toBeTruthy();
    expect(changes).toContainEqual({ gumroadAccessToken: TOKEN });
    expect(screen.getByText('Access token saved')).toBeTruthy();
    expect(screen.queryByLabelText('Gumroad access token')).toBeNull();
    expect(container.innerHTML).not.toContain(TOKEN);
  });

  it("toasts 'Failed to fetch Gumroad products' when Gumroad refuses the token", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mockApi({ 'GET /api/apps/a1/payments/products': errorReply('payments/products-failed') });
    const { changes } = renderSection(ON);
    fireEvent.change(tokenInput(), { target: { value: 'wrong' } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    expect(
      await screen.findByText(moneyMessages.productsFailed, { exact: true, selector: 'div' }),
    ).toBeTruthy();
    expect(changes).toEqual([]);
    // the field stays, to try another token
    expect(tokenInput()).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('lists the products of the stored token without ever holding it, and offers to replace it', async () => {
    const api = mockApi({ 'GET /api/apps/a1/payments/products': { body: { products: PRODUCTS } } });
    renderSection({ ...ON, paidMembershipsSettings: STORED });
    expect(screen.queryByLabelText('Gumroad access token')).toBeNull();
    expect(screen.getByText('Access token saved')).toBeTruthy();
    expect(await screen.findByRole('radio', { name: 'Lifetime pass' })).toBeTruthy();
    const sent = api.to('GET /api/apps/a1/payments/products');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.query.has('accessToken')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Replace' }));
    expect((tokenInput() as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('radio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep the saved token' }));
    expect(await screen.findByRole('radio', { name: 'Lifetime pass' })).toBeTruthy();
  });

  it('connects the chosen product after saving the settings with a token typed just now', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const api = mockApi({
      'GET /api/apps/a1/payments/products': { body: { products: PRODUCTS } },
      'POST /api/apps/a1/settings': settingsRoute,
      'POST /api/apps/a1/payments/connect': (req) =>
        connectedReply((req.body as { productId: string }).productId),
    });
    const { changes, onShow } = renderSection(ON);
    fireEvent.change(tokenInput(), { target: { value: TOKEN } });
    await act(() => vi.advanceTimersByTimeAsync(1000));
    vi.useRealTimers();
    fireEvent.click(await screen.findByRole('radio', { name: 'Pro members' }));
    expect(screen.queryByRole('button', { name: /Show pricing plan/ })).toBeNull();
    fireEvent.click(connectButton());

    expect(await screen.findByText(moneyMessages.connected, { exact: true, selector: 'div' })).toBeTruthy();
    const saved = api.to('POST /api/apps/a1/settings');
    expect(saved).toHaveLength(1);
    expect((saved[0]!.body as { appSettings: AppSettings }).appSettings.gumroadAccessToken).toBe(TOKEN);
    expect(api.to('POST /api/apps/a1/payments/connect').map((r) => r.body)).toEqual([
      { productId: 'prod_a' },
    ]);
    expect(api.requests.map((r) => `${r.method} ${r.path}`).slice(-2)).toEqual([
      'POST /api/apps/a1/settings',
      'POST /api/apps/a1/payments/connect',
    ]);
    await waitFor(() => expect(connectButton().textContent).toBe('Connected'));
    expect((connectButton() as HTMLButtonElement).disabled).toBe(true);
    expect(changes.at(-1)).toEqual({
      paidMembershipsProduct: { id: 'prod_a', name: 'Pro members' },
      paidMembershipsSettings: { ...STORED, isSetupCompleted: true },
      gumroadAccessToken: undefined,
    });
    expect('gumroadAccessToken' in changes.at(-1)!).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: /Show pricing plan/ }));
    expect(onShow).toHaveBeenCalledWith({ appId: 'a1' });
  });

  it("shows the server's message when connecting fails, else 'Failed to connect to Gumroad'", async () => {
    mockApi({
      'GET /api/apps/a1/payments/products': { body: { products: PRODUCTS } },
      'POST /api/apps/a1/settings': settingsRoute,
      'POST /api/apps/a1/payments/connect': [
        errorReply('payments/product-not-found'),
        { status: 502, body: 'Bad gateway' },
      ],
    });
    renderSection({ ...ON, paidMembershipsSettings: STORED });
    fireEvent.click(await screen.findByRole('radio', { name: 'Lifetime pass' }));
    fireEvent.click(connectButton());
    expect(
      await screen.findByText('This product was not found in your Gumroad account', {
        exact: true,
        selector: 'div',
      }),
    ).toBeTruthy();
    expect(connectButton().textContent).toBe('Connect');

    fireEvent.click(connectButton());
    expect(
      await screen.findByText(moneyMessages.connectFailed, { exact: true, selector: 'div' }),
    ).toBeTruthy();
    expect(connectButton().textContent).toBe('Connect');
    expect((connectButton() as HTMLButtonElement).disabled).toBe(false);
  });

  it('asks before changing the product of a connected app', async () => {
    const api = mockApi({
      'GET /api/apps/a1/payments/products': { body: { products: PRODUCTS } },
      'POST /api/apps/a1/settings': settingsRoute,
      'POST /api/apps/a1/payments/connect': (req) =>
        connectedReply((req.body as { productId: string }).productId),
    });
    renderSection(CONNECTED);
    const pro = await screen.findByRole('radio', { name: 'Pro members' });
    expect(pro.getAttribute('aria-checked')).toBe('true');
    expect(connectButton().textContent).toBe('Connected');

    fireEvent.click(screen.getByRole('radio', { name: 'Lifetime pass' }));
    let dialog = await screen.findByRole('alertdialog', { name: CHANGE_PRODUCT_TITLE });
    expect(dialog.textContent).toContain('may break your app for users who already pay');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep Pro members' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.to('POST /api/apps/a1/payments/connect')).toHaveLength(0);
    expect(screen.getByRole('radio', { name: 'Pro members' }).getAttribute('aria-checked')).toBe('true');

    fireEvent.click(screen.getByRole('radio', { name: 'Lifetime pass' }));
    dialog = await screen.findByRole('alertdialog', { name: CHANGE_PRODUCT_TITLE });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change product' }));
    expect(await screen.findByText(moneyMessages.connected, { exact: true, selector: 'div' })).toBeTruthy();
    expect(api.to('POST /api/apps/a1/payments/connect').map((r) => r.body)).toEqual([
      { productId: 'prod_b' },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Lifetime pass' }).getAttribute('aria-checked')).toBe('true'),
    );
    expect(connectButton().textContent).toBe('Connected');
  });

  it('is greyed out for a lite builder and asks Gumroad nothing', () => {
    const api = mockApi({});
    const { container } = renderSection(
      { ...ON, paidMembershipsSettings: STORED },
      builder({ plan: 'lite' }),
    );
    expect(container.querySelector('[aria-disabled="true"]')).toBeTruthy();
    expect(toggle().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Replace' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.requests).toEqual([]);
  });
});
