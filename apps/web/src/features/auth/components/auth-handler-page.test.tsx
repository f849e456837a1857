import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@buildai/domain';
import { clearToken, getToken } from '@/lib/session';
import { errorReply, mockApi } from '@/test/mock-api';
import { makeAccount, makeAppAuthConfig, renderRoute, TOKENS } from '../test/harness';
import { AuthHandlerPage, HANDLER_REDIRECT_DELAY_MS } from './auth-handler-page';

const render = (url: string, opts: { account?: ReturnType<typeof makeAccount>; strict?: boolean } = {}) =>
  renderRoute(<AuthHandlerPage />, { path: '/auth/handler', url, ...opts });
const location = () => screen.getByTestId('location').textContent;

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearToken();
});

describe('/auth/handler mode=verifyEmail', () => {
  it('verifies the code once, then continues to the continue URL', async () => {
    const api = mockApi({
      'POST /api/live_api/auth/verifyEmail': { body: { email: 'maker@example.com', emailVerified: true } },
    });
    render('/auth/handler?mode=verifyEmail&oobCode=code-1&continueUrl=%2Fbuild%2Fapp%2Fa1', { strict: true });
    expect(await screen.findByText('Your email is verified')).toBeTruthy();
    expect(api.to('POST /api/live_api/auth/verifyEmail')).toHaveLength(1);
    expect(api.to('POST /api/live_api/auth/verifyEmail')[0]!.body).toEqual({ code: 'code-1' });
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/build/app/a1');
  });

  it('refreshes the session when signed in', async () => {
    const api = mockApi({
      'POST /api/live_api/auth/verifyEmail': { body: { email: 'maker@example.com', emailVerified: true } },
      'POST /api/live_api/auth/refresh': { body: { idToken: 'fresh', expiresIn: 3600 } },
      'GET /api/live_api/account/current': { body: makeAccount() },
    });
    render('/auth/handler?mode=verifyEmail&oobCode=code-1', {
      account: makeAccount({ emailVerified: false }),
    });
    expect(await screen.findByText('Your email is verified')).toBeTruthy();
    expect(api.to('POST /api/live_api/auth/refresh')).toHaveLength(1);
    expect(getToken()).toBe('fresh');
  });

  it('continues only within this origin', async () => {
    mockApi({
      'POST /api/live_api/auth/verifyEmail': { body: { email: 'maker@example.com', emailVerified: true } },
    });
    render('/auth/handler?mode=verifyEmail&oobCode=c&continueUrl=https%3Aevil.com');
    expect(await screen.findByText('Your email is verified')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/home');
  });

  it('an invalid code says so', async () => {
    mockApi({ 'POST /api/live_api/auth/verifyEmail': errorReply('auth/invalid-action-code') });
    render('/auth/handler?mode=verifyEmail&oobCode=bad');
    expect(await screen.findByText("We couldn't verify your email")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get a new link' })).toBeTruthy();
  });
});

describe('/auth/handler mode=resetPassword', () => {
  it('sets the new password, toasts and goes to /login', async () => {
    const api = mockApi({
      'POST /api/live_api/auth/resetPassword': { body: { email: 'maker@example.com' } },
    });
    render('/auth/handler?mode=resetPassword&oobCode=reset-1');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset successfully')).toBeTruthy();
    expect(api.to('POST /api/live_api/auth/resetPassword')[0]!.body).toEqual({
      code: 'reset-1',
      newPassword: 'a-new-password',
    });
    await waitFor(() => expect(location()).toBe('/login'));
  });

  it('goes back to the sign-in page the reset started from', async () => {
    mockApi({ 'POST /api/live_api/auth/resetPassword': { body: { email: 'maker@example.com' } } });
    render('/auth/handler?mode=resetPassword&oobCode=r&continueUrl=%2Flogin%3FappId%3Da1');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(location()).toBe('/login?appId=a1'));
  });

  it('shows the server message for a weak password and stays', async () => {
    mockApi({ 'POST /api/live_api/auth/resetPassword': errorReply('auth/reset-weak-password') });
    render('/auth/handler?mode=resetPassword&oobCode=r');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'password1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password is too weak, please try again')).toBeTruthy();
    expect(screen.getByLabelText('New password')).toBeTruthy();
  });

  it('an invalid or expired code: the spec message, then /login', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi({ 'POST /api/live_api/auth/resetPassword': errorReply('auth/invalid-action-code') });
    render('/auth/handler?mode=resetPassword&oobCode=old');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a-new-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Link invalid, try to reset your password again.')).toBeTruthy();
    expect(location()).toContain('/auth/handler');
    await act(async () => {}); // let the page schedule its move
    await act(async () => void vi.advanceTimersByTime(HANDLER_REDIRECT_DELAY_MS + 10));
    await waitFor(() => expect(location()).toBe('/login'));
  });
});

describe('/auth/handler mode=signIn', () => {
  const signedIn = {
    'POST /api/live_api/auth/magicLink/verify': { body: TOKENS },
    'POST /api/live_api/account/create': { body: { accountId: 'acc_1' } },
    'GET /api/live_api/account/current': { body: makeAccount() },
  };

  it('signs in once with the token, toasts and continues', async () => {
    const api = mockApi(signedIn);
    render('/auth/handler?mode=signIn&token=tok-1&continueUrl=%2Fbuild%2Fapp%2Fa1', { strict: true });
    expect(await screen.findByText('Successfully signed in!')).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/build/app/a1'));
    expect(api.to('POST /api/live_api/auth/magicLink/verify')).toHaveLength(1);
    expect(api.to('POST /api/live_api/auth/magicLink/verify')[0]!.body).toEqual({ token: 'tok-1' });
    expect(api.to('POST /api/live_api/account/create')[0]!.headers.authorization).toBe('Bearer id-token-1');
    expect(getToken()).toBe('id-token-1');
  });

  it('an app’s link names its tenant on the account calls', async () => {
    const api = mockApi(signedIn);
    render('/auth/handler?mode=signIn&token=t&appId=a1&continueUrl=%2Fapp%2Fa1%2Ftool%2Fcaption');
    await waitFor(() => expect(location()).toBe('/app/a1/tool/caption'));
    expect(api.to('POST /api/live_api/account/create')[0]!.url).toBe('/api/live_api/account/create?appId=a1');
    expect(api.to('GET /api/live_api/account/current')[0]!.url).toBe(
      '/api/live_api/account/current?appId=a1',
    );
  });

  it('continues only within this origin', async () => {
    mockApi(signedIn);
    render('/auth/handler?mode=signIn&token=t&continueUrl=%2F%2Fevil.com');
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('an unverified account goes to the verify page first', async () => {
    mockApi({
      ...signedIn,
      'GET /api/live_api/account/current': { body: makeAccount({ emailVerified: false }) },
    });
    render('/auth/handler?mode=signIn&token=t&continueUrl=%2Fsettings');
    await waitFor(() => expect(location()).toBe('/auth/verifyEmail?continueUrl=%2Fsettings'));
  });

  it('a spent or unknown link shows the spec message', async () => {
    mockApi({ 'POST /api/live_api/auth/magicLink/verify': errorReply('auth/invalid-magic-link') });
    render('/auth/handler?mode=signIn&token=spent');
    expect(await screen.findByText(errorCatalogue['auth/invalid-magic-link'].message)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('a link without its token is invalid without asking the server', async () => {
    const api = mockApi({});
    render('/auth/handler?mode=signIn');
    expect(await screen.findByText('Invalid or expired magic link')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });
});

describe('/auth/handler with an unknown mode', () => {
  it.each(['/auth/handler', '/auth/handler?mode=revertSecondFactor&oobCode=x'])(
    '%s is a clear error',
    async (url) => {
      mockApi({});
      render(url);
      expect(await screen.findByText("This link isn't valid")).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    },
  );
});

describe('/auth/handler mode=verifyAndChangeEmail and mode=recoverEmail', () => {
  it('applies the email change once, says Email updated and signs out here', async () => {
    const api = mockApi({
      'POST /api/live_api/auth/applyEmailChange': { body: { email: 'new@example.com' } },
    });
    render('/auth/handler?mode=verifyAndChangeEmail&oobCode=code-1', {
      account: makeAccount(),
      strict: true,
    });
    expect(await screen.findByText('Email updated')).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(api.to('POST /api/live_api/auth/applyEmailChange')).toHaveLength(1);
    expect(api.to('POST /api/live_api/auth/applyEmailChange')[0]!.body).toEqual({ code: 'code-1' });
    expect(getToken()).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('undoes a change from the old address', async () => {
    const api = mockApi({ 'POST /api/live_api/auth/recoverEmail': { body: { email: 'old@example.com' } } });
    render('/auth/handler?mode=recoverEmail&oobCode=undo-1');
    expect(await screen.findByText('Your email was restored')).toBeTruthy();
    expect(api.to('POST /api/live_api/auth/recoverEmail')[0]!.body).toEqual({ code: 'undo-1' });
  });

  it('a used or expired link says so', async () => {
    mockApi({ 'POST /api/live_api/auth/applyEmailChange': errorReply('auth/invalid-action-code') });
    render('/auth/handler?mode=verifyAndChangeEmail&oobCode=bad');
    expect(await screen.findByText("This link didn't work")).toBeTruthy();
    expect(screen.getByText(errorCatalogue['auth/invalid-action-code'].message)).toBeTruthy();
  });
});

describe("/auth/handler for an app's user", () => {
  it("wears the app's look, as its sign-in page does, and never the builder's first", async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': { body: makeAppAuthConfig() },
      'POST /api/live_api/auth/verifyEmail': { body: { email: 'ada@example.com', emailVerified: true } },
    });
    const { container } = render('/auth/handler?mode=verifyEmail&oobCode=code-1&appId=a1');
    expect(screen.getByText('Loading…')).toBeTruthy();
    expect(container.querySelector('[data-branded="app"]')).toBeNull();
    expect(await screen.findByText('Your email is verified')).toBeTruthy();
    expect(api.to('GET /api/live_api/auth/config')[0]!.url).toBe('/api/live_api/auth/config?appId=a1');
    const page = container.querySelector('[data-branded="app"]') as HTMLElement;
    expect(page.style.getPropertyValue('--primary')).toBe('#ff6600');
    expect(screen.getAllByText('Acme Coach').length).toBeGreaterThan(0);
    expect(screen.queryByText('BuildAI')).toBeNull();
  });

  it("keeps the builder's look for a builder's link", async () => {
    const api = mockApi({
      'POST /api/live_api/auth/verifyEmail': { body: { email: 'maker@example.com', emailVerified: true } },
    });
    const { container } = render('/auth/handler?mode=verifyEmail&oobCode=code-1');
    expect(await screen.findByText('Your email is verified')).toBeTruthy();
    expect(container.querySelector('[data-branded="app"]')).toBeNull();
    expect(api.to('GET /api/live_api/auth/config')).toHaveLength(0);
  });
});
