import * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorCatalogue, toastMessages, type Account, type TokenResponse } from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { errorReply, mockApi } from '@/test/mock-api';
import { makeAccount, TOKENS } from '../test/harness';
import { MagicLinkPanel } from './magic-link-panel';

function Harness({
  appId = null,
  onTokens,
}: {
  appId?: string | null;
  onTokens: (t: TokenResponse) => Promise<Account | null>;
}) {
  const [email, setEmail] = React.useState('');
  const [queryClient] = React.useState(() => new QueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <MagicLinkPanel
        appId={appId}
        continueUrl="/build/app/a1"
        email={email}
        onEmailChange={setEmail}
        onTokens={onTokens}
        onBack={() => {}}
      />
      <Toaster />
    </QueryClientProvider>
  );
}

async function requestLink(email = 'maker@example.com') {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
  await screen.findByText(/Check your inbox/);
}

async function typeCode(code: string) {
  fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: code } });
  await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Sign in with code' })));
}

afterEach(() => vi.unstubAllGlobals());

describe('magic link and one-time code', () => {
  it('sends the link for the app, then signs in with the code', async () => {
    const api = mockApi({
      'POST /api/live_api/account/sendMagicLink': { body: { sent: true } },
      'POST /api/live_api/account/validateOtp': { body: { customToken: 'ct-1', tenantId: 'a1' } },
      'POST /api/live_api/auth/customToken': { body: TOKENS },
    });
    const onTokens = vi.fn(async () => makeAccount());
    render(<Harness appId="a1" onTokens={onTokens} />);
    await requestLink(' maker@example.com ');

    const [send] = api.to('POST /api/live_api/account/sendMagicLink');
    expect(send!.url).toBe('/api/live_api/account/sendMagicLink?appId=a1');
    expect(send!.body).toEqual({ email: 'maker@example.com', continueUrl: '/build/app/a1' });
    expect(screen.getByText('maker@example.com')).toBeTruthy();

    await typeCode('12a3456');
    const [validate] = api.to('POST /api/live_api/account/validateOtp');
    expect(validate!.url).toBe('/api/live_api/account/validateOtp?appId=a1');
    expect(validate!.body).toEqual({ email: 'maker@example.com', otp: '123456' });
    expect(api.to('POST /api/live_api/auth/customToken')[0]!.body).toEqual({ customToken: 'ct-1' });
    expect(onTokens).toHaveBeenCalledWith(TOKENS);
    expect(await screen.findByText('Successfully signed in!')).toBeTruthy();
  });

  it('the builders’ page sends no appId', async () => {
    const api = mockApi({ 'POST /api/live_api/account/sendMagicLink': { body: { sent: true } } });
    render(<Harness onTokens={vi.fn()} />);
    await requestLink();
    expect(api.to('POST /api/live_api/account/sendMagicLink')[0]!.url).toBe(
      '/api/live_api/account/sendMagicLink',
    );
  });

  it('a wrong code shows the server message and keeps the code step', async () => {
    mockApi({
      'POST /api/live_api/account/sendMagicLink': { body: { sent: true } },
      'POST /api/live_api/account/validateOtp': errorReply('auth/invalid-otp'),
    });
    const onTokens = vi.fn();
    render(<Harness onTokens={onTokens} />);
    await requestLink();
    await typeCode('111111');
    expect(screen.getByRole('alert').textContent).toBe(errorCatalogue['auth/invalid-otp'].message);
    expect(screen.getByLabelText('6-digit code')).toBeTruthy();
    expect(onTokens).not.toHaveBeenCalled();
  });

  it('ATTEMPTS_EXCEEDED ends the attempt: its message, and back to asking for a new code', async () => {
    const api = mockApi({
      'POST /api/live_api/account/sendMagicLink': { body: { sent: true } },
      'POST /api/live_api/account/validateOtp': [
        errorReply('auth/invalid-otp'),
        errorReply('auth/invalid-otp'),
        errorReply('ATTEMPTS_EXCEEDED'),
      ],
    });
    const onTokens = vi.fn();
    render(<Harness onTokens={onTokens} />);
    await requestLink();
    await typeCode('111111');
    await typeCode('222222');
    expect(screen.getByLabelText('6-digit code')).toBeTruthy();
    await typeCode('333333');

    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Too many wrong codes, request a new code');
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('maker@example.com');
    expect(onTokens).not.toHaveBeenCalled();

    // asking again starts a fresh code step
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByLabelText('6-digit code')).toBeTruthy();
    expect(api.to('POST /api/live_api/account/sendMagicLink')).toHaveLength(2);
  });

  it('a failed send shows the toast of the spec', async () => {
    mockApi({ 'POST /api/live_api/account/sendMagicLink': { status: 500, body: {} } });
    render(<Harness onTokens={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'maker@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(toastMessages.magicLinkFailed)).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
  });

  it('a refused address says why next to the field, too', async () => {
    mockApi({ 'POST /api/live_api/account/sendMagicLink': errorReply('auth/invalid-email-address') });
    render(<Harness onTokens={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Invalid email address')).toBeTruthy();
    expect(screen.getByText(toastMessages.magicLinkFailed)).toBeTruthy();
  });
});
