import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toastMessages } from '@buildai/domain';
import { clearToken, getToken } from '@/lib/session';
import { errorReply, mockApi } from '@/test/mock-api';
import { makeAccount, PLATFORM_CONFIG, renderRoute, TOKENS } from '../test/harness';
import { LoginPage } from './login-page';

const render = (url = '/login', account?: ReturnType<typeof makeAccount>) =>
  renderRoute(<LoginPage />, { path: '/login', url, account });
const location = () => screen.getByTestId('location').textContent;

const signInCalls = {
  'POST /api/live_api/account/create': { body: { accountId: 'acc_1' } },
  'GET /api/live_api/account/current': { body: makeAccount() },
};

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  clearToken();
});

describe('/login options from the auth config', () => {
  it('offers sign-up and Google only when the config says so', async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': {
        body: { ...PLATFORM_CONFIG, signUpEnabled: false, googleEnabled: false },
      },
    });
    render('/login?mode=signup');
    await waitFor(() => expect(api.to('GET /api/live_api/auth/config')).toHaveLength(1));
    await act(async () => {});
    // ?mode=signup is not honoured where sign-up is closed
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create an account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Email me a sign-in link' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('the builders’ page asks without appId and shows both when enabled', async () => {
    const api = mockApi({ 'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG } });
    render();
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create an account' })).toBeTruthy();
    expect(api.to('GET /api/live_api/auth/config')[0]!.url).toBe('/api/live_api/auth/config');
  });

  it('an app’s sign-in passes its appId, names the app and signs in to its tenant', async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': {
        body: { tenantId: 'a1', appId: 'a1', appName: 'Acme', signUpEnabled: true, googleEnabled: false },
      },
      'POST /api/live_api/auth/signIn': { body: TOKENS },
      ...signInCalls,
    });
    render('/login?appId=a1&redirectTo=%2Fapp%2Fa1%2Ftool%2Fcaption');
    expect(await screen.findByRole('heading', { name: 'Sign in to Acme' })).toBeTruthy();
    expect(api.to('GET /api/live_api/auth/config')[0]!.url).toBe('/api/live_api/auth/config?appId=a1');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'user@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/app/a1/tool/caption'));
    expect(api.to('POST /api/live_api/auth/signIn')[0]!.body).toEqual({
      email: 'user@example.com',
      password: 'secret-password',
      tenantId: 'a1',
    });
    expect(api.to('POST /api/live_api/account/create')[0]!.url).toBe('/api/live_api/account/create?appId=a1');
  });

  it('an app’s sign-up back from a payment names the sale to account creation', async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': {
        body: { tenantId: 'a1', appId: 'a1', appName: 'Acme', signUpEnabled: true, googleEnabled: false },
      },
      'POST /api/live_api/auth/signIn': { body: TOKENS },
      ...signInCalls,
    });
    render('/login?appId=a1&sale_id=s%2B1&redirectTo=%2Fapp%2Fa1%2Ftool%2Fcaption');
    expect(await screen.findByRole('heading', { name: 'Sign in to Acme' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'user@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location()).toBe('/app/a1/tool/caption'));
    expect(api.to('POST /api/live_api/account/create')[0]!.url).toBe(
      '/api/live_api/account/create?appId=a1&saleId=s%2B1',
    );
  });

  it('still lets the user sign in when the config cannot be loaded', async () => {
    mockApi({ 'GET /api/live_api/auth/config': errorReply('app/not-found') });
    render('/login?appId=gone');
    expect(await screen.findByText('App not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });
});

describe('/login with Google', () => {
  it('trades the custom token from the popup and completes the sign-in', async () => {
    const popup = { closed: false, focus: vi.fn(), close: vi.fn() };
    const open = vi.fn((..._args: unknown[]) => popup);
    vi.stubGlobal('open', open);
    const api = mockApi({
      'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG },
      'POST /api/live_api/auth/customToken': { body: TOKENS },
      ...signInCalls,
    });
    render('/login?redirectTo=%2Fsettings');
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    expect(open.mock.calls[0]![0]).toBe('/api/live_api/auth/google/start');
    expect(await screen.findByRole('button', { name: /Waiting for Google/ })).toBeTruthy();

    // another site's message is ignored
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { type: 'buildai:google', customToken: 'evil', tenantId: 'platform' },
        }),
      );
    });
    expect(api.to('POST /api/live_api/auth/customToken')).toHaveLength(0);

    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'buildai:google', customToken: 'ct-google', tenantId: 'platform' },
        }),
      );
    });
    await waitFor(() => expect(location()).toBe('/settings'));
    expect(api.to('POST /api/live_api/auth/customToken')[0]!.body).toEqual({ customToken: 'ct-google' });
    expect(getToken()).toBe(TOKENS.idToken);
  });

  it('shows the error the popup reports, and nothing when it is just closed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const popup = { closed: false, focus: vi.fn(), close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => popup),
    );
    mockApi({ 'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG } });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with Google' }));
    popup.closed = true;
    await act(async () => void vi.advanceTimersByTime(1000));
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'buildai:google', error: 'User is disabled, contact us for more info' },
        }),
      );
    });
    expect(await screen.findByText('User is disabled, contact us for more info')).toBeTruthy();
  });
});

describe('/login forgot password', () => {
  it('sends the reset email with the app and where to come back, then confirms', async () => {
    const api = mockApi({
      'GET /api/live_api/auth/config': {
        body: { tenantId: 'a1', appId: 'a1', appName: 'Acme', signUpEnabled: false, googleEnabled: false },
      },
      'POST /api/live_api/account/sendResetPasswordEmail': { body: { sent: true } },
    });
    render('/login?appId=a1');
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'user@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    // the panel's code loads when it is opened
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('user@example.com');
    fireEvent.click(send);
    expect(await screen.findByText(/we've sent it a link to reset the password/)).toBeTruthy();
    expect(api.to('POST /api/live_api/account/sendResetPasswordEmail')[0]!.body).toEqual({
      email: 'user@example.com',
      mainAppId: 'a1',
      continueUrl: '/login?appId=a1',
    });
  });

  it('a failed send shows the toast of the spec', async () => {
    mockApi({
      'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG },
      'POST /api/live_api/account/sendResetPasswordEmail': { status: 500, body: {} },
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    const send = await screen.findByRole('button', { name: 'Send reset link' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maker@example.com' } });
    fireEvent.click(send);
    expect(await screen.findByText(toastMessages.resetEmailFailed)).toBeTruthy();
  });
});

describe('/login post-login routing', () => {
  it('a signed-in, verified user follows a same-origin redirectTo', async () => {
    mockApi({ 'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG } });
    render('/login?redirectTo=%2Fbuild%2Fapp%2Fa1', makeAccount());
    await waitFor(() => expect(location()).toBe('/build/app/a1'));
  });

  it('an outside redirectTo lands on the main page', async () => {
    mockApi({ 'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG } });
    render('/login?redirectTo=%2F%2Fevil.com', makeAccount());
    await waitFor(() => expect(location()).toBe('/home'));
  });

  it('an unverified user goes to the verify page carrying the current path and query', async () => {
    mockApi({ 'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG } });
    render('/login?redirectTo=%2Fsettings', makeAccount({ emailVerified: false }));
    await waitFor(() =>
      expect(location()).toBe(
        `/auth/verifyEmail?continueUrl=${encodeURIComponent('/login?redirectTo=%2Fsettings')}`,
      ),
    );
  });
});
