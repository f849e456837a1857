import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditorView } from 'codemirror';
import { appSettingsSchema, spaceTexts, type AppFile } from '@buildai/domain';
import { mockApi, type SentRequest } from '@/test/mock-api';
import { appView, builder } from '@/test/workspace-fixtures';
import { renderWorkspace } from './workspace-harness';

// jsdom lays nothing out: CodeMirror measures text ranges, which jsdom's Range lacks
Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
Range.prototype.getBoundingClientRect ??= () => new DOMRect();

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const files: AppFile[] = [
  { path: 'components/Card.tsx', content: 'export function Card() { return null; }' },
  { path: 'pages/About.tsx', content: 'export default function About() { return <h1>About</h1>; }' },
  { path: 'pages/Home.tsx', content: 'export default function Home() { return <h1>Hello</h1>; }' },
  { path: 'pages/NotFound.tsx', content: 'export default function NotFound() { return null; }' },
];

function space(mainPage = '') {
  return appView({
    appType: 'space',
    header: 'Recipe box',
    tools: [],
    appSettings: appSettingsSchema.parse({ mainPage }),
  });
}

function openSpace({
  isAdmin = false,
  mainPage = '',
  put,
}: { isAdmin?: boolean; mainPage?: string; put?: (r: SentRequest) => { body: unknown } } = {}) {
  const api = mockApi({
    'GET /api/apps/a1': { body: space(mainPage) },
    'GET /api/apps/a1/files': { body: { files } },
    'PUT /api/apps/a1/files/pages/Home.tsx': (req) =>
      put?.(req) ?? {
        body: { file: { path: 'pages/Home.tsx', content: (req.body as { content: string }).content } },
      },
  });
  const view = renderWorkspace({ account: builder({ isAdmin }) });
  return { api, ...view };
}

function menuEntries() {
  const nav = screen.getByRole('navigation', { name: 'Builder menu' });
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.querySelector('span > span')?.firstChild?.textContent);
}

describe('the space app workspace', () => {
  it('has the header with the app name and Publish, and the menu App details, Database, App settings', async () => {
    openSpace();
    // the file's first render loads the workspace
    expect(await screen.findByRole('heading', { name: 'Recipe box' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeTruthy();
    // folded to its icons at first; the header's menu button unfolds it
    const rail = screen.getByRole('navigation', { name: 'App menu rail' });
    expect(
      within(rail)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['App details', 'Database', 'Chat assistant', 'App settings']);
    expect(screen.queryByRole('navigation', { name: 'Builder menu' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'App menu' }));
    expect(menuEntries()).toEqual(['App details', 'Database', 'Chat assistant', 'App settings']);
    expect(screen.queryByText('Soon')).toBeNull();
  });

  it('Chat assistant opens the Activate Your Chat Assistant dialog', async () => {
    openSpace();
    fireEvent.click(await screen.findByRole('button', { name: 'Chat assistant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Activate Your Chat Assistant' });
    expect(within(dialog).getByRole('switch', { name: 'Chat assistant' })).toBeTruthy();
  });

  it("Database takes the app's place beside the chat; it refetches on chat changes, sends through the chat, closes", async () => {
    openSpace();
    fireEvent.click(await screen.findByRole('button', { name: /Database/ }));
    const database = await screen.findByLabelText('Database slot');
    expect(within(database).getByText('Database 0 chat free')).toBeTruthy();
    // the preview stays mounted (the frame keeps its state), hidden under the database
    expect(screen.getByLabelText('Preview slot')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your app', hidden: true }).className).toContain('hidden');

    const chat = screen.getByLabelText('Chat slot');
    fireEvent.click(within(chat).getByRole('button', { name: 'Chat changed files' }));
    fireEvent.click(within(chat).getByRole('button', { name: 'Chat starts a turn' }));
    expect(within(database).getByText('Database 1 chat busy')).toBeTruthy();

    // a request goes to the chat; once the chat sent it the promise resolves (here: the slot closes)
    fireEvent.click(within(database).getByRole('button', { name: 'Ask the chat' }));
    fireEvent.click(await within(chat).findByRole('button', { name: 'Send “Change permissions”' }));
    await waitFor(() => expect(screen.queryByLabelText('Database slot')).toBeNull());
    expect(screen.getByRole('region', { name: 'Your app' }).className).toContain('lg:flex');
  });

  it("App settings offers the app's pages as main page, Home first, the not-found page left out", async () => {
    openSpace({ mainPage: 'About' });
    fireEvent.click(await screen.findByRole('button', { name: 'App settings' }));
    const select = (await screen.findByLabelText('Main page')) as HTMLSelectElement;
    await waitFor(() => expect([...select.options].map((o) => o.value)).toEqual(['Home', 'About']));
    expect(select.value).toBe('About');
    // the run settings of AI tools are not a space app's
    expect(screen.queryByText('Runs per user')).toBeNull();
  });

  it('shares the preview errors with the chat, and a chat file change reloads the preview and the files', async () => {
    const { api } = openSpace();
    const chat = await screen.findByLabelText('Chat slot');
    expect(within(chat).getByText('0 app errors')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'App throws' }));
    expect(within(chat).getByText('1 app errors')).toBeTruthy();

    await waitFor(() => expect(api.to('GET /api/apps/a1/files')).toHaveLength(1));
    expect(screen.getByText('Preview 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Chat changed files' }));
    expect(screen.getByText('Preview 1')).toBeTruthy();
    await waitFor(() => expect(api.to('GET /api/apps/a1/files')).toHaveLength(2));
  });

  it('a builder who is not an admin reads the code: a file tree and the file, read only', async () => {
    openSpace();
    fireEvent.click(await screen.findByRole('tab', { name: 'Code' }));
    const tree = await screen.findByRole('tree', { name: 'App files' });
    expect(within(tree).getByText('About.tsx')).toBeTruthy();
    expect(within(tree).getByText('Card.tsx')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'File pages/About.tsx' })).toBeTruthy();
    expect(screen.getByText('Read only')).toBeTruthy();
    fireEvent.click(within(tree).getByText('Home.tsx'));
    expect(screen.getByLabelText('Source code').textContent).toContain('<h1>Hello</h1>');
    expect(screen.queryByTestId('code-editor')).toBeNull();
  });
});

describe("the admin's code editor", () => {
  async function openEditorOnHome(options: Parameters<typeof openSpace>[0] = {}) {
    const view = openSpace({ isAdmin: true, ...options });
    fireEvent.click(await screen.findByRole('tab', { name: 'Code' }));
    fireEvent.click(within(await screen.findByRole('tree', { name: 'App files' })).getByText('Home.tsx'));
    const host = await screen.findByTestId('code-editor', {}, { timeout: 10_000 });
    const content = await waitFor(() => {
      const el = host.querySelector('.cm-content');
      if (!el) throw new Error('the editor is not there yet');
      return el as HTMLElement;
    });
    const editor = EditorView.findFromDOM(content)!;
    const type = (text: string) =>
      act(() => editor.dispatch({ changes: { from: editor.state.doc.length, insert: text } }));
    return { ...view, editor, type };
  }

  it('saves 2 s after the last keystroke with PUT, and shows the save status', async () => {
    const { api, type, editor } = await openEditorOnHome();
    expect(editor.state.doc.toString()).toBe(files[2]!.content);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    type('\n// one');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1500));
    type('\n// two');
    await act(() => vi.advanceTimersByTimeAsync(1900));
    expect(api.to('PUT /api/apps/a1/files/pages/Home.tsx')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(200));
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeTruthy());
    const puts = api.to('PUT /api/apps/a1/files/pages/Home.tsx');
    expect(puts.map((r) => r.body)).toEqual([{ content: `${files[2]!.content}\n// one\n// two` }]);
    // the preview follows the save, as it follows a chat turn
    fireEvent.click(screen.getByRole('tab', { name: 'Preview' }));
    expect(await screen.findByText('Preview 1')).toBeTruthy();
  });

  it('asks before leaving with an unsaved edit: Stay keeps the page, Leave goes', async () => {
    const { type, router } = await openEditorOnHome();
    type('\n// unsaved');
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(spaceTexts.unsavedChanges)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/build/app/a1');
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
  });

  it('keeps the edit when the chat changes the same file, until the builder chooses', async () => {
    const { api, type, editor } = await openEditorOnHome();
    type('\n// mine');
    const changed = [...files];
    changed[2] = {
      path: 'pages/Home.tsx',
      content: 'export default function Home() { return <h1>Hi</h1>; }',
    };
    api.fetchMock.mockClear();
    mockApi({
      'GET /api/apps/a1': { body: space() },
      'GET /api/apps/a1/files': { body: { files: changed } },
      'PUT /api/apps/a1/files/pages/Home.tsx': (req) => ({
        body: { file: { path: 'pages/Home.tsx', content: (req.body as { content: string }).content } },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Chat changed files' }));
    expect(await screen.findByText(/The chat changed this file while you were editing it/)).toBeTruthy();
    expect(editor.state.doc.toString()).toContain('// mine');
    fireEvent.click(screen.getByRole('button', { name: "Use the chat's version" }));
    await waitFor(() => expect(editor.state.doc.toString()).toBe(changed[2]!.content));
    expect(screen.getByText('All changes saved')).toBeTruthy();
  });
});
