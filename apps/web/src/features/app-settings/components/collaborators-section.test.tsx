import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CollaboratorsResponse } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { withProviders } from '@/test/workspace-fixtures';
import { makeApp } from '@/test/builder-test-kit';
import { CollaboratorsSection } from './collaborators-section';

afterEach(() => vi.unstubAllGlobals());

const OWNER = { accountId: 'acc_1', email: 'owner@example.com' };
const MATE = { accountId: 'acc_2', email: 'mate@example.com', addedAt: '2025-01-01T00:00:00.000Z' };
const list = (collaborators: CollaboratorsResponse['collaborators']): { body: CollaboratorsResponse } => ({
  body: { owner: OWNER, collaborators },
});
const rows = () =>
  within(screen.getByRole('list', { name: 'Collaborators' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('the Collaborators section', () => {
  it('invites a builder by email, says so, and removes a collaborator', async () => {
    const api = mockApi({
      'GET /api/apps/a1/collaborators': list([MATE]),
      'POST /api/apps/a1/collaborators': { body: { ...list([MATE]).body, invited: 'new@example.com' } },
      'DELETE /api/apps/a1/collaborators/acc_2': list([]),
    });
    render(withProviders(<CollaboratorsSection app={makeApp()} />));
    expect(await screen.findByText('mate@example.com')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Collaborator email'), {
      target: { value: ' new@example.com ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Invitation sent to new@example.com. They join once they accept it, signed in with that address.',
    );
    // nobody joins before accepting
    expect(rows()).toEqual(['owner@example.comOwner', 'mate@example.com']);
    expect((screen.getByLabelText('Collaborator email') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Remove mate@example.com' }));
    await vi.waitFor(() => expect(rows()).toEqual(['owner@example.comOwner']));
    expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({ email: 'new@example.com' });
  });

  it("shows the server's message when the email is not valid", async () => {
    mockApi({
      'GET /api/apps/a1/collaborators': list([]),
      'POST /api/apps/a1/collaborators': errorReply('collaborator/invalid-email', { field: 'email' }),
    });
    render(withProviders(<CollaboratorsSection app={makeApp()} />));
    await screen.findByText('owner@example.com');
    fireEvent.change(screen.getByLabelText('Collaborator email'), {
      target: { value: 'nobody@example' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a valid email address');
    // what was typed stays, and the refusal goes once the address is edited
    expect((screen.getByLabelText('Collaborator email') as HTMLInputElement).value).toBe('nobody@example');
    fireEvent.change(screen.getByLabelText('Collaborator email'), {
      target: { value: 'nobody@example.com' },
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is not shown to a collaborator', () => {
    mockApi({});
    render(withProviders(<CollaboratorsSection app={makeApp({ isCollaborator: true })} />));
    expect(screen.queryByText('Collaborators')).toBeNull();
  });
});
