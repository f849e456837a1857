import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClaimInvitationInfo } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { ClaimPage } from './claim-page';

afterEach(() => vi.unstubAllGlobals());

const INFO: ClaimInvitationInfo = {
  appId: 'app1',
  appHeader: 'Slogan maker',
  logoUrl: '',
  status: 'open',
  requireBuilderCollaboratorAccount: true,
};

function renderPage(builderEmail: string | null, onClaimed = vi.fn()) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={client}>
      <ClaimPage
        invitationId="inv1"
        builderEmail={builderEmail}
        signInHref="/login?redirectTo=%2Fclaim%2Finv1"
        signUpHref="/login?mode=signup&redirectTo=%2Fclaim%2Finv1"
        onClaimed={onClaimed}
      />
    </QueryClientProvider>,
  );
  return { onClaimed };
}

describe('the claim page', () => {
  it('sends a signed-out visitor to sign in or sign up, and back', async () => {
    mockApi({ 'GET /api/claim/inv1': { body: INFO } });
    renderPage(null);
    expect(await screen.findByRole('heading', { name: 'Claim Slogan maker' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      '/login?mode=signup&redirectTo=%2Fclaim%2Finv1',
    );
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Fclaim%2Finv1',
    );
    expect(screen.queryByLabelText('Claim code')).toBeNull();
  });

  it('shows a wrong code with the attempts left, then claims with the right one', async () => {
    const api = mockApi({
      'GET /api/claim/inv1': { body: INFO },
      'POST /api/claim/inv1': [
        {
          status: 400,
          body: {
            error: {
              code: 'claim/wrong-code',
              message: 'This code is not correct',
              field: 'claimCode',
              details: { attemptsLeft: 2 },
            },
          },
        },
        { body: { appId: 'app1' } },
      ],
    });
    const { onClaimed } = renderPage('customer@example.com');
    expect(await screen.findByText('customer@example.com')).toBeTruthy();
    expect(
      screen.getByText('The builder who made it stays on as a collaborator, to keep helping you.'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Claim code'), { target: { value: 'AAAA-AAAA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim app' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This code is not correct. 2 attempts left.');
    fireEvent.change(screen.getByLabelText('Claim code'), { target: { value: 'ABCD-EF23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Claim app' }));
    await vi.waitFor(() => expect(onClaimed).toHaveBeenCalledWith('app1'));
    expect(api.requests.filter((r) => r.method === 'POST').map((r) => r.body)).toEqual([
      { claimCode: 'AAAA-AAAA' },
      { claimCode: 'ABCD-EF23' },
    ]);
  });

  it('says when the invitation is used, ended or unknown', async () => {
    mockApi({ 'GET /api/claim/inv1': { body: { ...INFO, status: 'used' } } });
    renderPage('customer@example.com');
    expect(await screen.findByText('This invitation has already been used')).toBeTruthy();
    expect(screen.queryByLabelText('Claim code')).toBeNull();
  });

  it('says so when the invitation does not exist', async () => {
    mockApi({ 'GET /api/claim/inv1': errorReply('claim/invitation-not-found') });
    renderPage(null);
    expect(await screen.findByText('This invitation is not valid')).toBeTruthy();
  });
});
