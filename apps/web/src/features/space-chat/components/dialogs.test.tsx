import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { spaceTexts, type AccessChange, type ContextMetadata, type VersionEntry } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import { APP, renderChat, serveChat, stored, uiStream } from '../test/chat-fixtures';

const MESSAGES = `GET /api/apps/${APP}/chat/messages`;

beforeEach(() => {
  Element.prototype.scrollTo = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

const contextMetadata: ContextMetadata = {
  retrievedFiles: [
    { filePath: 'pages/Home.tsx', retrievalMethods: ['fulltext', 'imports'] },
    { filePath: 'components/Nav.tsx', retrievalMethods: ['imports'] },
    { filePath: 'pages/Old.tsx', retrievalMethods: ['recent'] },
  ],
  relevantFiles: ['pages/Home.tsx', 'components/Footer.tsx'],
  evals: {
    fulltext: { recall: 0.5, tokenUsage: 900 },
    imports: { recall: 0.5, tokenUsage: 400 },
    recent: { recall: 0, tokenUsage: 100 },
  },
};
const withContext = {
  messages: [
    stored('user', 'Add a footer', { id: 'u1' }),
    stored('assistant', 'Added.', {
      id: 'a1',
      annotation: { contextMetadata, contextFiles: ['pages/Home.tsx'] },
    }),
  ],
};
const groupFiles = (dialog: HTMLElement, name: string) =>
  within(within(dialog).getByRole('region', { name }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('context files dialog', { timeout: 20_000 }, () => {
  it('groups the files used, used but not retrieved, and retrieved but not used; admins filter by method', async () => {
    mockApi({ [MESSAGES]: { body: withContext } });
    renderChat({ isAdmin: true });
    // from the user message (its answer carries the turn's context); the file's first render loads the chat
    const [fromUser] = await screen.findAllByRole(
      'button',
      { name: spaceTexts.contextFiles(4) },
      { timeout: 5_000 },
    );
    fireEvent.click(fromUser!);
    const dialog = await screen.findByRole('dialog', { name: spaceTexts.contextFiles(4) });
    expect(groupFiles(dialog, spaceTexts.usedFiles)).toEqual(['pages/Home.tsxfulltextimports']);
    expect(groupFiles(dialog, spaceTexts.usedNotRetrieved)).toEqual(['components/Footer.tsx']);
    expect(groupFiles(dialog, spaceTexts.retrievedNotUsed)).toEqual([
      'components/Nav.tsximports',
      'pages/Old.tsxrecent',
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'imports · recall 50%' }));
    expect(groupFiles(dialog, spaceTexts.usedFiles)).toEqual(['pages/Home.tsxfulltextimports']);
    expect(within(dialog).queryByRole('region', { name: spaceTexts.usedNotRetrieved })).toBeNull();
    expect(groupFiles(dialog, spaceTexts.retrievedNotUsed)).toEqual(['components/Nav.tsximports']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'All' }));
    expect(within(dialog).getByRole('region', { name: spaceTexts.usedNotRetrieved })).toBeTruthy();
  });

  it('names a method without files, and a turn without files', async () => {
    const meta: ContextMetadata = {
      ...contextMetadata,
      evals: { ...contextMetadata.evals, vectors: { recall: 0, tokenUsage: 0 } },
    };
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'Hi'),
            stored('assistant', 'One', { annotation: { contextMetadata: meta } }),
            stored('user', 'Again'),
            stored('assistant', 'Two', {
              annotation: { contextMetadata: { retrievedFiles: [], relevantFiles: [], evals: {} } },
            }),
          ],
        },
      },
    });
    renderChat({ isAdmin: true });
    fireEvent.click((await screen.findAllByRole('button', { name: spaceTexts.contextFiles(4) }))[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'vectors · recall 0%' }));
    expect(within(dialog).getByText(spaceTexts.noFilesForMethod('vectors'))).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getAllByRole('button', { name: spaceTexts.contextFiles(0) })[0]!);
    expect(within(await screen.findByRole('dialog')).getByText(spaceTexts.noContextFiles)).toBeTruthy();
  });

  it('builders who are not admins see no method badges or filters', async () => {
    mockApi({ [MESSAGES]: { body: withContext } });
    renderChat({ isAdmin: false });
    fireEvent.click((await screen.findAllByRole('button', { name: 'Context files' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: spaceTexts.contextFiles(4) });
    expect(groupFiles(dialog, spaceTexts.usedFiles)).toEqual(['pages/Home.tsx']);
    expect(within(dialog).queryByRole('group', { name: 'Retrieval methods' })).toBeNull();
  });
});

const versionOf = (id: string, accessChanges: AccessChange[]) => ({
  version: { id, timestamp: 1, messageId: null, content: '', userRequest: '' },
  files: [],
  entities: [],
  accessChanges,
});

describe('revert', { timeout: 20_000 }, () => {
  const history = {
    messages: [
      stored('user', 'First', { id: 'u1', annotation: { versionId: 'v0' } }),
      stored('assistant', 'One', { id: 'a1', annotation: { versionId: 'v1' } }),
      stored('user', 'Second', { id: 'u2', annotation: { versionId: 'v1' } }),
      stored('assistant', 'Two', { id: 'a2', annotation: { versionId: 'v2' } }),
      stored('user', 'Fix it', {
        id: 'u3',
        annotation: { versionId: 'v2', systemActionInfo: { type: 'autofix' } },
      }),
    ],
  };

  it('confirms, reads Reverting... while restoring, then shows the chat the server answers', async () => {
    let release!: () => void;
    const api = mockApi({
      [MESSAGES]: { body: history },
      [`GET /api/apps/${APP}/versions/v1`]: { body: versionOf('v1', []) },
      [`POST /api/apps/${APP}/versions/v1/restore`]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: { messages: history.messages.slice(0, 2) } });
        }),
    });
    const { props } = renderChat();
    await screen.findByText('Second');
    // the autofix message offers no revert; the two others do
    expect(screen.getAllByRole('button', { name: 'Revert' })).toHaveLength(2);
    fireEvent.click(screen.getAllByRole('button', { name: 'Revert' })[1]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Revert to this point?' });
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Revert' }).hasAttribute('disabled')).toBe(false),
    );
    expect(within(confirm).queryByRole('group', { name: 'Data access changes' })).toBeNull();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revert' }));
    const reverting = await within(confirm).findByRole('button', { name: spaceTexts.reverting });
    expect(reverting.hasAttribute('disabled')).toBe(true);
    expect(api.to(`POST /api/apps/${APP}/versions/v1/restore`).map((r) => r.body)).toEqual([
      { messageId: 'u2', accessChanges: [] },
    ]);

    release();
    await waitFor(() => expect(screen.queryByText('Second')).toBeNull());
    expect(screen.getByText('One')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(props.onFilesChanged).toHaveBeenCalledTimes(1);
  });

  it('a failed restore says so and keeps the chat', async () => {
    mockApi({
      [MESSAGES]: { body: history },
      [`GET /api/apps/${APP}/versions/v0`]: { body: versionOf('v0', []) },
      [`POST /api/apps/${APP}/versions/v0/restore`]: { status: 500, body: {} },
    });
    renderChat();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Revert' }))[0]!);
    const confirm = await screen.findByRole('alertdialog');
    await waitFor(() =>
      expect(within(confirm).getByRole('button', { name: 'Revert' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revert' }));
    expect(await screen.findByText(spaceTexts.restoreFailed)).toBeTruthy();
    expect(screen.getByText('Second')).toBeTruthy();
  });

  it('names every access change before anything changes, and sends the ones it named (issue 32, item 6)', async () => {
    const opened = {
      entity: 'Habit',
      from: { read: 'creator', write: 'creator' },
      to: { read: 'anonymous', write: 'admin' },
    } as const;
    const back = { entity: 'Note', from: null, to: { read: 'all', write: 'creator' } } as const;
    const api = mockApi({
      [MESSAGES]: { body: history },
      [`GET /api/apps/${APP}/versions/v1`]: { body: versionOf('v1', [opened, back]) },
      [`POST /api/apps/${APP}/versions/v1/restore`]: { body: { messages: history.messages.slice(0, 2) } },
    });
    renderChat();
    fireEvent.click((await screen.findAllByRole('button', { name: 'Revert' }))[1]!);
    const confirm = await screen.findByRole('alertdialog', { name: 'Revert to this point?' });
    const changes = await within(confirm).findByRole('group', { name: 'Data access changes' });
    expect(
      within(changes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Habit: Creator Only → Anonymous Read, Admin Write',
      'Note: comes back as Public Read, Creator Write',
    ]);
    expect(api.to(`POST /api/apps/${APP}/versions/v1/restore`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(screen.queryByText('Second')).toBeNull());
    expect(api.to(`POST /api/apps/${APP}/versions/v1/restore`).map((r) => r.body)).toEqual([
      { messageId: 'u2', accessChanges: [opened, back] },
    ]);
  });

  it('is disabled while a turn streams', async () => {
    const api = mockApi({ [MESSAGES]: { body: { messages: history.messages.slice(0, 4) } } });
    serveChat(api, [uiStream()]);
    renderChat();
    await screen.findByText('Two');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Third' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(spaceTexts.thinking);
    for (const b of screen.getAllByRole('button', { name: 'Revert' }))
      expect(b.hasAttribute('disabled')).toBe(true);
  });
});

describe('All Changes diff', { timeout: 20_000 }, () => {
  const entry = (id: string): VersionEntry => ({
    id,
    timestamp: 1,
    messageId: null,
    content: '',
    userRequest: '',
  });
  const lines = (n: number, changed: number) =>
    Array.from({ length: n }, (_, i) => (i === changed ? 'const changed = true;' : `line ${i + 1}`)).join(
      '\n',
    );

  it('orders files added, modified, deleted and shows 3 lines of context', async () => {
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'One', { annotation: { versionId: 'v0' } }),
            stored('assistant', 'First', { annotation: { versionId: 'v1' } }),
            stored('user', 'Two', { annotation: { versionId: 'v1' } }),
            stored('assistant', 'Second', { annotation: { versionId: 'v2' } }),
          ],
        },
      },
      [`GET /api/apps/${APP}/versions/v1`]: {
        body: {
          version: entry('v1'),
          files: [
            { path: 'a/Gone.tsx', content: 'bye' },
            { path: 'pages/Home.tsx', content: lines(20, -1) },
            { path: 'pages/Same.tsx', content: 'same' },
          ],
        },
      },
      [`GET /api/apps/${APP}/versions/v2`]: {
        body: {
          version: entry('v2'),
          files: [
            { path: 'pages/Home.tsx', content: lines(20, 9) },
            { path: 'pages/Same.tsx', content: 'same' },
            { path: 'z/New.tsx', content: 'hello' },
          ],
        },
      },
    });
    renderChat();
    await screen.findByText('Second');
    fireEvent.click(screen.getAllByRole('button', { name: spaceTexts.allChanges })[1]!);
    const dialog = await screen.findByRole('dialog', { name: spaceTexts.allChanges });
    const files = await within(dialog).findAllByRole('region');
    expect(files.map((f) => [f.getAttribute('aria-label'), f.getAttribute('data-status')])).toEqual([
      ['z/New.tsx', 'added'],
      ['pages/Home.tsx', 'modified'],
      ['a/Gone.tsx', 'deleted'],
    ]);
    const home = files[1]!;
    const kinds = Array.from(home.querySelectorAll('[data-kind]')).map((l) => l.getAttribute('data-kind'));
    expect(kinds).toEqual([
      'context',
      'context',
      'context',
      'remove',
      'add',
      'context',
      'context',
      'context',
    ]);
    expect(within(home).getByText('line 7')).toBeTruthy();
    expect(within(home).queryByText('line 6')).toBeNull();
  });

  it('the first version shows the files its turn wrote, not the starter files', async () => {
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'Add about', { annotation: { versionId: 'v1' } }),
            stored('assistant', 'Added', {
              annotation: { versionId: 'v1' },
              actions: [
                {
                  title: 'Create pages/About.tsx',
                  type: 'add_file',
                  file: 'pages/About.tsx',
                  isComplete: true,
                  isTruncated: false,
                },
              ],
            }),
          ],
        },
      },
      [`GET /api/apps/${APP}/versions/v1`]: {
        body: {
          version: entry('v1'),
          files: [
            { path: 'pages/About.tsx', content: 'about' },
            { path: 'pages/Home.tsx', content: 'starter' },
          ],
        },
      },
    });
    renderChat();
    fireEvent.click(await screen.findByRole('button', { name: spaceTexts.allChanges }));
    const dialog = await screen.findByRole('dialog', { name: spaceTexts.allChanges });
    const files = await within(dialog).findAllByRole('region');
    expect(files.map((f) => [f.getAttribute('aria-label'), f.getAttribute('data-status')])).toEqual([
      ['pages/About.tsx', 'added'],
    ]);
  });

  it("says 'No changes found between versions' when the files are the same", async () => {
    const files = [{ path: 'pages/Home.tsx', content: 'x' }];
    mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('assistant', 'First', { annotation: { versionId: 'v1' } }),
            stored('assistant', 'Second', { annotation: { versionId: 'v2' } }),
          ],
        },
      },
      [`GET /api/apps/${APP}/versions/v1`]: { body: { version: entry('v1'), files } },
      [`GET /api/apps/${APP}/versions/v2`]: { body: { version: entry('v2'), files } },
    });
    renderChat();
    await screen.findByText('Second');
    fireEvent.click(screen.getAllByRole('button', { name: spaceTexts.allChanges })[1]!);
    expect(await screen.findByText(spaceTexts.noChanges)).toBeTruthy();
  });

  it('is blocked while a turn streams', async () => {
    const api = mockApi({
      [MESSAGES]: {
        body: {
          messages: [
            stored('user', 'One'),
            stored('assistant', 'First', { annotation: { versionId: 'v1' } }),
          ],
        },
      },
    });
    serveChat(api, [uiStream()]);
    renderChat();
    await screen.findByText('First');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'More' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await screen.findByText(spaceTexts.thinking);
    fireEvent.click(screen.getByRole('button', { name: spaceTexts.allChanges }));
    expect(await screen.findByText(spaceTexts.diffBlocked)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.to(`GET /api/apps/${APP}/versions/v1`)).toHaveLength(0);
  });
});
