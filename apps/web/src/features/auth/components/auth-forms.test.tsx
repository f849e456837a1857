import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue } from '@buildai/domain';
import { clearToken } from '@/lib/session';
import { errorReply, mockApi } from '@/test/mock-api';
import { PLATFORM_CONFIG, renderRoute } from '../test/harness';
import { LoginPage } from './login-page';

// The sign-in page's forms check what they can before sending (react-hook-form's rules, the domain's numbers) and
// put the server's refusals next to their field (docs/decisions/0005 "Sign-in forms without zod").
const config = { 'GET /api/live_api/auth/config': { body: PLATFORM_CONFIG } };
const render = (url = '/login') => renderRoute(<LoginPage />, { path: '/login', url });
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const click = (name: string) => act(async () => void fireEvent.click(screen.getByRole('button', { name })));
// the first render loads the auth config; slow under load, so the wait is generous
const ready = () => screen.findByRole('button', { name: 'Continue with Google' }, { timeout: 5000 });
/** the message the input points at with aria-describedby */
const describedError = (label: string) => {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  return document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
};

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('sign-in form', () => {
  it('asks for the email and the password before sending anything', async () => {
    const api = mockApi(config);
    render();
    await ready();
    await click('Sign in');
    expect(describedError('Email')).toBe('Enter your email address.');
    expect(describedError('Password')).toBe('Enter your password.');
    type('Email', '   ');
    type('Password', 'x');
    await click('Sign in');
    expect(describedError('Email')).toBe('Enter your email address.');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    expect(api.to('POST /api/live_api/auth/signIn')).toHaveLength(0);
  });

  it('shows a refused sign-in under the form, with the spec message', async () => {
    const api = mockApi({
      ...config,
      'POST /api/live_api/auth/signIn': errorReply('auth/invalid-credentials'),
    });
    render();
    await ready();
    type('Email', ' maker@example.com ');
    type('Password', 'wrong password');
    await click('Sign in');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Invalid email or password');
    expect(api.to('POST /api/live_api/auth/signIn')[0]!.body).toEqual({
      email: 'maker@example.com',
      password: 'wrong password',
      tenantId: 'platform',
    });
  });
});

describe('sign-up form', () => {
  it('refuses a short password in the words of the spec, without sending it', async () => {
    const api = mockApi(config);
    render('/login?mode=signup');
    await screen.findByRole('heading', { name: 'Create your account' }, { timeout: 5000 });
    type('Email', 'new@example.com');
    type('Password', 'short');
    await click('Create account');
    expect(describedError('Password')).toBe('This password is too weak');
    expect(api.to('POST /api/live_api/auth/signUp')).toHaveLength(0);
  });

  it('puts "already in use" next to the email', async () => {
    mockApi({ ...config, 'POST /api/live_api/auth/signUp': errorReply('auth/email-already-in-use') });
    render('/login?mode=signup');
    await screen.findByRole('heading', { name: 'Create your account' }, { timeout: 5000 });
    type('Email', 'taken@example.com');
    type('Password', 'long enough password');
    await click('Create account');
    await waitFor(() =>
      expect(describedError('Email')).toBe(errorCatalogue['auth/email-already-in-use'].message),
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('emailed link and password reset forms', () => {
  it('the sign-in link asks for an address, then for the whole code', async () => {
    const api = mockApi({ ...config, 'POST /api/live_api/account/sendMagicLink': { body: { sent: true } } });
    render();
    await ready();
    await click('Email me a sign-in link');
    await screen.findByText(/We'll email you a link/);
    await click('Email me a sign-in link');
    expect(describedError('Email')).toBe('Enter your email address.');
    expect(api.to('POST /api/live_api/account/sendMagicLink')).toHaveLength(0);

    type('Email', 'maker@example.com');
    await click('Email me a sign-in link');
    await screen.findByText(/Check your inbox/);
    type('6-digit code', '12a3');
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('123');
    await click('Sign in with code');
    expect(screen.getByRole('alert').textContent).toBe('Enter the 6-digit code from the email.');
    expect(api.to('POST /api/live_api/account/validateOtp')).toHaveLength(0);
  });

  it('the reset form asks for an address and keeps the one typed on the sign-in form', async () => {
    const api = mockApi({ ...config, 'POST /api/live_api/account/sendResetPasswordEmail': { body: {} } });
    render();
    await ready();
    await click('Forgot password?');
    await screen.findByText(/choose a new password/);
    await click('Send reset link');
    expect(describedError('Email')).toBe('Enter your email address.');
    await click('Back to sign in');
    type('Email', 'maker@example.com');
    await click('Forgot password?');
    await screen.findByText(/choose a new password/);
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maker@example.com');
    expect(api.requests).toHaveLength(1); // the auth config only
  });
});
