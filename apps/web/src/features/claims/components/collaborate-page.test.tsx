import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type * as React from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorReply, mockApi } from '@/test/mock-api';
import { CollaboratePage } from './collaborate-page';

afterEach(() => vi.unstubAllGlobals());

const withProviders = (ui: React.ReactElement) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {ui}
  </QueryClientProvider>
);

const props = {
  invite: 'tok.en',
  signInHref: '/login?redirectTo=x',
  signUpHref: '/login?mode=signup&redirectTo=x',
};

describe('the invitation to collaborate', () => {
  it('asks a visitor to sign in or sign up first', () => {
    mockApi({});
    render(withProviders(<CollaboratePage {...props} builderEmail={null} onAccepted={() => {}} />));
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(props.signInHref);
    expect(screen.getByRole('link', { name: 'Create an account' }).getAttribute('href')).toBe(
      props.signUpHref,
    );
  });

  it('accepts signed in and opens the app', async () => {
    const api = mockApi({ 'POST /api/collaborations/accept': { body: { appId: 'a1' } } });
    const onAccepted = vi.fn();
    render(
      withProviders(<CollaboratePage {...props} builderEmail="mate@example.com" onAccepted={onAccepted} />),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await vi.waitFor(() => expect(onAccepted).toHaveBeenCalledWith('a1'));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ invite: 'tok.en' });
  });

  it("shows the server's reason when the invitation is for another address", async () => {
    mockApi({ 'POST /api/collaborations/accept': errorReply('collaborator/invite-other-email') });
    render(
      withProviders(<CollaboratePage {...props} builderEmail="other@example.com" onAccepted={() => {}} />),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(
      await screen.findByText(
        'This invitation was sent to another email address: sign in with that address to accept it',
      ),
    ).toBeTruthy();
  });
});
