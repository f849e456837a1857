import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { clearToken, getToken, setToken } from '@/lib/session';
import { makeAccount } from '@/test/fixtures';
import { errorReply, mockApi } from '@/test/mock-api';
import { SettingsPage } from './settings-page';

const account = makeAccount({ plan: 'explorer' });

function renderSettings() {
  setToken({ idToken: 'old-token', expiresIn: 3600 });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/settings', element: <SettingsPage account={account} /> }], {
    initialEntries: ['/settings'],
  });
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return {
    email: within(screen.getByRole('region', { name: 'Email' })),
    password: within(screen.getByRole('region', { name: 'Password' })),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearToken();
});

describe('/settings', () => {
  it('shows the account, its plan with a link to the plans, and signing out', () => {
    mockApi({});
    renderSettings();
    const card = within(screen.getByRole('region', { name: 'Account' }));
    expect(card.getByText('maker@example.com')).toBeTruthy();
    expect(card.getByText('Explorer')).toBeTruthy();
    expect(card.getByRole('link', { name: /See plans/ }).getAttribute('href')).toBe('/joinPlan');
    expect(card.getByRole('link', { name: /Sign out/ }).getAttribute('href')).toBe('/logout');
  });

  it('asks for the email change: a link goes to the new address, nothing changes here yet', async () => {
    const api = mockApi({ 'POST /api/live_api/auth/changeEmail': { body: { sent: true } } });
    const { email } = renderSettings();
    fireEvent.change(email.getByLabelText('New email'), { target: { value: ' new@example.com ' } });
    fireEvent.change(email.getByLabelText('Current password'), { target: { value: 'current-pw' } });
    fireEvent.click(email.getByRole('button', { name: 'Update email' }));
    expect(await screen.findByText('Check new@example.com')).toBeTruthy();
    expect(screen.getByText('Open the link we sent there to finish the change.')).toBeTruthy();

    const [change] = api.to('POST /api/live_api/auth/changeEmail');
    expect(change!.body).toEqual({ currentPassword: 'current-pw', newEmail: 'new@example.com' });
    expect(change!.headers.authorization).toBe('Bearer old-token');
    expect(api.to('POST /api/live_api/account/completeEmailChange')).toHaveLength(0);
    expect(getToken()).toBe('old-token');
  });

  it('shows the refusals of changeEmail next to their field', async () => {
    mockApi({
      'POST /api/live_api/auth/changeEmail': [
        errorReply('auth/email-already-exists', { field: 'newEmail' }),
        errorReply('auth/wrong-password'),
      ],
    });
    const { email } = renderSettings();
    fireEvent.change(email.getByLabelText('New email'), { target: { value: 'taken@example.com' } });
    fireEvent.change(email.getByLabelText('Current password'), { target: { value: 'pw' } });
    fireEvent.click(email.getByRole('button', { name: 'Update email' }));
    expect(await email.findByText('This email is already in use')).toBeTruthy();
    expect(email.getByLabelText('New email').getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(email.getByRole('button', { name: 'Update email' }));
    expect(await email.findByText('Your current password is not correct')).toBeTruthy();
    expect(email.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(getToken()).toBe('old-token');
  });

  it('asks for both fields before calling the server', async () => {
    const api = mockApi({});
    const { email } = renderSettings();
    fireEvent.click(email.getByRole('button', { name: 'Update email' }));
    expect(await email.findByText('Enter your new email address.')).toBeTruthy();
    expect(email.getByText('Enter your current password.')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('changes the password and keeps the new tokens', async () => {
    const api = mockApi({
      'POST /api/live_api/auth/changePassword': { body: { idToken: 'after-password', expiresIn: 3600 } },
    });
    const { password } = renderSettings();
    fireEvent.change(password.getByLabelText('Current password'), { target: { value: 'old-password' } });
    fireEvent.change(password.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password updated')).toBeTruthy();
    expect(api.to('POST /api/live_api/auth/changePassword')[0]!.body).toEqual({
      currentPassword: 'old-password',
      newPassword: 'new-password-1',
    });
    expect(getToken()).toBe('after-password');
    await waitFor(() => expect((password.getByLabelText('New password') as HTMLInputElement).value).toBe(''));
  });

  it('a wrong current password shows inline', async () => {
    mockApi({ 'POST /api/live_api/auth/changePassword': errorReply('auth/wrong-password') });
    const { password } = renderSettings();
    fireEvent.change(password.getByLabelText('Current password'), { target: { value: 'nope' } });
    fireEvent.change(password.getByLabelText('New password'), { target: { value: 'new-password-1' } });
    fireEvent.click(password.getByRole('button', { name: 'Change password' }));
    expect(await password.findByText('Your current password is not correct')).toBeTruthy();
  });
});
