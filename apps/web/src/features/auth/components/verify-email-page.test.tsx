import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@buildai/domain';
import { clearToken } from '@/lib/session';
import { errorReply, mockApi } from '@/test/mock-api';
import { makeAccount, makeAppAuthConfig, renderRoute } from '../test/harness';
import { RequireAuth } from './require-auth';
import { VerifyEmailPage } from './verify-email-page';

const location = () => screen.getByTestId('location').textContent;
const unverified = makeAccount({ email: 'new@example.com', emailVerified: false });

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('/auth/verifyEmail', () => {
  it('names the address and resends the link with where to come back', async () => {
    const api = mockApi({ 'POST /api/live_api/auth/sendVerifyEmail': { body: { sent: true } } });
    renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail?continueUrl=%2Fbuild%2Fapp%2Fa1&appName=Acme',
      account: unverified,
    });
    expect(screen.getByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(screen.getAllByText('new@example.com').length).toBeGreaterThan(0);
    expect(screen.getByText(/continue to Acme/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('We sent a new link to new@example.com.')).toBeTruthy();
    const [sent] = api.to('POST /api/live_api/auth/sendVerifyEmail');
    expect(sent!.body).toEqual({ continueUrl: '/build/app/a1', appName: 'Acme' });
    expect(sent!.headers.authorization).toBe('Bearer id-token-1');
  });

  it("wears the app's look for an app's user, and names the app", async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': { body: makeAppAuthConfig() },
    });
    const { container } = renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail?continueUrl=%2Fapp%2Fa1',
      account: makeAccount({ email: 'ada@example.com', emailVerified: false, tenantId: 'a1' }),
    });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(api.to('GET /api/live_api/auth/config')[0]!.url).toBe('/api/live_api/auth/config?appId=a1');
    const page = container.querySelector('[data-branded="app"]') as HTMLElement;
    expect(page.style.getPropertyValue('--primary')).toBe('#ff6600');
    expect(screen.getByText('Confirm your email address to continue to Acme Coach.')).toBeTruthy();
    expect(screen.queryByText('BuildAI')).toBeNull();
  });

  it("keeps the builder's look for a builder, asking no app's config", async () => {
    const api = mockApi({});
    const { container } = renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail',
      account: unverified,
    });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeTruthy();
    expect(container.querySelector('[data-branded="app"]')).toBeNull();
    expect(api.to('GET /api/live_api/auth/config')).toHaveLength(0);
  });

  it('shows a refused resend', async () => {
    mockApi({ 'POST /api/live_api/auth/sendVerifyEmail': errorReply('auth/too-many-emails') });
    renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail',
      account: unverified,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText(errorCatalogue['auth/too-many-emails'].message)).toBeTruthy();
  });

  it('"I\'ve verified it" refreshes the session and the account, then continues', async () => {
    const api = mockApi({
      'POST /api/live_api/auth/refresh': { body: { idToken: 'fresh', expiresIn: 3600 } },
      'GET /api/live_api/account/current': { body: { ...unverified, emailVerified: true } },
    });
    renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail?continueUrl=%2Fbuild%2Fapp%2Fa1',
      account: unverified,
    });
    fireEvent.click(screen.getByRole('button', { name: "I've verified it" }));
    await waitFor(() => expect(location()).toBe('/build/app/a1'));
    expect(api.to('POST /api/live_api/auth/refresh')).toHaveLength(1);
    expect(api.to('GET /api/live_api/account/current')[0]!.headers.authorization).toBe('Bearer fresh');
  });

  it('says so when the email is still not verified', async () => {
    mockApi({
      'POST /api/live_api/auth/refresh': { body: { idToken: 'fresh', expiresIn: 3600 } },
      'GET /api/live_api/account/current': { body: unverified },
    });
    renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail',
      account: unverified,
    });
    fireEvent.click(screen.getByRole('button', { name: "I've verified it" }));
    expect(await screen.findByText(/isn't verified yet/)).toBeTruthy();
    expect(location()).toBe('/auth/verifyEmail');
  });

  it.each(['%2F%2Fevil.com', 'https%3Aevil.com', '%2F%5Cevil.com', 'javascript%3Aalert(1)'])(
    'a verified user continues to the main page instead of %s',
    async (continueUrl) => {
      mockApi({});
      renderRoute(<VerifyEmailPage />, {
        path: '/auth/verifyEmail',
        url: `/auth/verifyEmail?continueUrl=${continueUrl}`,
        account: makeAccount(),
      });
      await waitFor(() => expect(location()).toBe('/home'));
    },
  );

  it('a signed-out visitor is asked to sign in first', async () => {
    mockApi({});
    renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail?continueUrl=%2Fx',
    });
    await waitFor(() =>
      expect(location()).toBe(
        `/login?redirectTo=${encodeURIComponent('/auth/verifyEmail?continueUrl=%2Fx')}`,
      ),
    );
  });

  it('offers signing out', () => {
    mockApi({});
    renderRoute(<VerifyEmailPage />, {
      path: '/auth/verifyEmail',
      url: '/auth/verifyEmail',
      account: unverified,
    });
    expect(screen.getByRole('link', { name: 'Sign out' }).getAttribute('href')).toBe('/logout');
  });
});

describe('RequireAuth', () => {
  it('sends an unverified builder to the verify page with the current path', async () => {
    mockApi({});
    renderRoute(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { path: '/build/app/:appId', url: '/build/app/a1?tab=tools', account: unverified },
    );
    await waitFor(() =>
      expect(location()).toBe(
        `/auth/verifyEmail?continueUrl=${encodeURIComponent('/build/app/a1?tab=tools')}`,
      ),
    );
    expect(screen.queryByText('secret')).toBeNull();
  });

  it('shows the page to a verified builder', () => {
    mockApi({});
    renderRoute(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { path: '/settings', url: '/settings', account: makeAccount() },
    );
    expect(screen.getByText('secret')).toBeTruthy();
  });
});
