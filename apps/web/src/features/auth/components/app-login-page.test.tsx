import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthConfig } from '@buildai/domain';
import { clearToken } from '@/lib/session';
import { mockApi } from '@/test/mock-api';
import { makeAccount, makeAppAuthConfig, renderRoute, TOKENS } from '../test/harness';
import { LoginPage } from './login-page';

const APP_CONFIG: AuthConfig = makeAppAuthConfig({
  googleEnabled: true,
  branding: {
    header: 'Acme Coach',
    logoUrl: 'https://cdn.example.com/acme.png',
    styleName: 'dark',
    backgroundColor: '#102030',
    headerTextColor: '#ffcc00',
    subheaderTextColor: '',
    buttonTextColor: '#000000',
    buttonBackgroundColor: '#ff6600',
  },
});

const render = (url: string) => renderRoute(<LoginPage />, { path: '/login', url });

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe("an app's own sign-in and sign-up page", () => {
  it("wears the app's logo, name and colours, not the builder's", async () => {
    mockApi({ 'GET /api/live_api/auth/config': { body: APP_CONFIG } });
    const { container } = render('/login?appId=a1');
    expect(await screen.findByRole('heading', { name: 'Sign in to Acme Coach' })).toBeTruthy();
    const page = container.querySelector('[data-branded="app"]') as HTMLElement;
    expect(page.style.getPropertyValue('--primary')).toBe('#ff6600');
    expect(page.style.getPropertyValue('--primary-foreground')).toBe('#000000');
    expect(page.style.getPropertyValue('--app-bg')).toBe('#102030');
    expect(page.style.getPropertyValue('--app-header-color')).toBe('#ffcc00');
    expect(page.className).toContain('dark');
    expect(screen.getAllByRole('img', { name: 'Acme Coach logo' })[0]!.getAttribute('src')).toBe(
      'https://cdn.example.com/acme.png',
    );
    expect(screen.queryByText('BuildAI')).toBeNull();
    expect(screen.getByRole('button', { name: 'Create an account' }).parentElement!.textContent).toContain(
      'New to Acme Coach?',
    );
    // signing in: the support email, not the terms line
    const legal = screen.getByTestId('app-legal');
    expect(within(legal).getByRole('link', { name: 'help@acme.example' }).getAttribute('href')).toBe(
      'mailto:help@acme.example',
    );
    expect(legal.textContent).not.toContain('By signing up');
  });

  it('signs up on the app tenant, agreeing to its terms and privacy policy', async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': { body: APP_CONFIG },
      'POST /api/live_api/auth/signUp': { body: TOKENS },
      'POST /api/live_api/account/create': { body: { accountId: 'acc_9' } },
      'GET /api/live_api/account/current': {
        body: makeAccount({ email: 'eve@example.com', tenantId: 'a1', emailVerified: true }),
      },
    });
    render('/login?appId=a1&mode=signup&redirectTo=%2Fapp%2Fa1');
    expect(await screen.findByRole('heading', { name: 'Create your account' })).toBeTruthy();
    expect(screen.getByText('Sign up to use Acme Coach.')).toBeTruthy();
    const legal = screen.getByTestId('app-legal');
    expect(legal.textContent).toContain('By signing up you agree to the Terms of Service and Privacy Policy');
    expect(within(legal).getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      'https://acme.example/terms',
    );
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://acme.example/privacy',
    );

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'eve@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'a long password 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/a1'));
    expect(api.to('POST /api/live_api/auth/signUp')[0]!.body).toMatchObject({
      email: 'eve@example.com',
      tenantId: 'a1',
    });
    expect(api.to('POST /api/live_api/account/create')[0]!.url).toBe('/api/live_api/account/create?appId=a1');
  });

  it("asks for an emailed link on the app's tenant", async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': { body: APP_CONFIG },
      'POST /api/live_api/account/sendMagicLink': { body: { sent: true } },
    });
    render('/login?appId=a1&redirectTo=%2Fapp%2Fa1');
    fireEvent.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'eve@example.com' } });
    fireEvent.submit(screen.getByLabelText('Email').closest('form')!);
    await waitFor(() => expect(api.to('POST /api/live_api/account/sendMagicLink')).toHaveLength(1));
    const [send] = api.to('POST /api/live_api/account/sendMagicLink');
    expect(send!.url).toBe('/api/live_api/account/sendMagicLink?appId=a1');
    expect(send!.body).toEqual({ email: 'eve@example.com', continueUrl: '/app/a1' });
  });
});
