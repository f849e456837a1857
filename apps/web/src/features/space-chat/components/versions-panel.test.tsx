import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spaceTexts } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { APP, renderChat, stored } from '../test/chat-fixtures';

const MESSAGES = `GET /api/apps/${APP}/chat/messages`;
const VERSIONS = `GET /api/apps/${APP}/versions`;

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const history = {
  messages: [
    stored('user', 'Add a habit list', { id: 'u1', annotation: { versionId: 'v1' } }),
    stored('assistant', 'Added.', { id: 'a1', annotation: { versionId: 'v1' } }),
    stored('user', 'Make it pink', { id: 'u2', annotation: { versionId: 'v2' } }),
    stored('assistant', 'Pink now.', { id: 'a2', annotation: { versionId: 'v2' } }),
  ],
};
const versions = {
  versions: [
    {
      id: 'v2',
      timestamp: Date.now() - 5 * 60_000,
      messageId: 'u2',
      content: 'Pink now.',
      userRequest: 'Make it pink',
      changes: [
        { path: 'pages/Home.tsx', status: 'modified' },
        { path: 'pages/Old.tsx', status: 'deleted' },
      ],
    },
    {
      id: 'v1',
      timestamp: Date.now() - 2 * 3600_000,
      messageId: 'u1',
      content: 'Added.',
      userRequest: 'Add a habit list',
      changes: null,
    },
  ],
};
const files = (id: string, home: string) => ({
  version: { id, timestamp: 1, messageId: null, content: '', userRequest: '' },
  files: [{ path: 'pages/Home.tsx', content: home }],
  entities: [],
  accessChanges: [],
});

describe('version history (issue 32, item 5)', { timeout: 20_000 }, () => {
  it('lists the kept versions with request, time and files changed; diffs and restores from there', async () => {
    const api = mockApi({
      [MESSAGES]: { body: history },
      [VERSIONS]: { body: versions },
      [`GET /api/apps/${APP}/versions/v2`]: { body: files('v2', 'pink\n') },
      [`GET /api/apps/${APP}/versions/v1`]: { body: files('v1', 'plain\n') },
      [`POST /api/apps/${APP}/versions/v1/restore`]: { body: { messages: history.messages.slice(0, 2) } },
    });
    const { props } = renderChat();
    await screen.findByText('Pink now.');
    fireEvent.click(screen.getByRole('button', { name: 'History' }));
    const panel = await screen.findByRole('dialog', { name: 'Version history' });
    const rows = await within(panel).findAllByRole('listitem', { name: /^Version of/ });
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Make it pink')).toBeTruthy();
    expect(within(rows[0]!).getByText('Latest')).toBeTruthy();
    expect(within(rows[0]!).getByText('5 minutes ago')).toBeTruthy();
    expect(within(rows[0]!).getByText('2 files changed')).toBeTruthy();
    expect(
      within(within(rows[0]!).getByRole('list', { name: 'Files changed' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['modifiedpages/Home.tsx', 'deletedpages/Old.tsx']);
    expect(within(rows[1]!).getByText('2 hours ago')).toBeTruthy();
    expect(within(rows[1]!).getByText('The oldest version kept')).toBeTruthy();
    // the oldest has nothing before it to diff against
    expect(within(rows[1]!).queryByRole('button', { name: spaceTexts.allChanges })).toBeNull();

    fireEvent.click(within(rows[0]!).getByRole('button', { name: spaceTexts.allChanges }));
    const diff = await screen.findByRole('dialog', { name: spaceTexts.allChanges });
    expect(await within(diff).findByText('pages/Home.tsx')).toBeTruthy();
    fireEvent.keyDown(diff, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: spaceTexts.allChanges })).toBeNull());

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Restore' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revert to this point?' });
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Revert' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(screen.queryByText('Pink now.')).toBeNull());
    expect(api.to(`POST /api/apps/${APP}/versions/v1/restore`).map((r) => r.body)).toEqual([
      { messageId: 'u1', accessChanges: [] },
    ]);
    expect(screen.queryByRole('dialog', { name: 'Version history' })).toBeNull();
    expect(props.onFilesChanged).toHaveBeenCalledTimes(1);
  });

  it('says so when there are no versions yet', async () => {
    mockApi({ [MESSAGES]: { body: { messages: [] } }, [VERSIONS]: { body: { versions: [] } } });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: 'History' }));
    expect(await screen.findByText('No versions yet')).toBeTruthy();
  });
});
