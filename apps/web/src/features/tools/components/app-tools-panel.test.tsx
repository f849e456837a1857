import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppView } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import type { BuilderAccount } from '@/lib/builder-types';
import {
  dragWithKeyboard,
  layOutSortableRows,
  makeApp,
  makeBuilder,
  makeTool,
  renderBuilder,
} from '@/test/builder-test-kit';
import { AppToolsPanel } from './app-tools-panel';

const t1 = makeTool();
const t2 = makeTool({ toolId: 't2', title: 'Email writer', path: 'email-writer', status: 'active' });

function setup(app: AppView = makeApp({ tools: [t1, t2] }), account: BuilderAccount = makeBuilder()) {
  const onUpgrade = vi.fn();
  const r = renderBuilder(<AppToolsPanel app={app} account={account} onUpgrade={onUpgrade} />, { app });
  return { ...r, onUpgrade };
}
const location = () => screen.getByTestId('location').textContent;
const invalidated = (qc: ReturnType<typeof setup>['queryClient']) =>
  qc.getQueryState(['apps', 'a1'])!.isInvalidated;

function openMenu(title: string, item: string) {
  fireEvent.keyDown(screen.getByRole('button', { name: `Actions for ${title}` }), { key: 'Enter' });
  fireEvent.click(screen.getByRole('menuitem', { name: item }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('App tools list', () => {
  it('shows each tool with its link, status and path, and the collection link', () => {
    setup();
    const rows = within(screen.getByRole('list', { name: 'App tools' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Blog ideas' }).getAttribute('href')).toBe(
      '/build/app/a1/tool/t1',
    );
    expect(within(rows[0]!).getByText('Draft')).toBeTruthy();
    expect(within(rows[0]!).getByText('/tool/blog-ideas')).toBeTruthy();
    expect(within(rows[1]!).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Explore tools collection' }).getAttribute('href')).toBe(
      '/build/app/a1/tools',
    );
  });

  it('an app without tools says so', () => {
    setup(makeApp({ tools: [] }));
    expect(screen.getByText('No tools yet')).toBeTruthy();
  });

  it('the status toggle opens Activate Your Tool for that tool', () => {
    setup();
    fireEvent.click(screen.getByRole('switch', { name: 'Status of Email writer' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Activate Your Tool' })).toBeTruthy();
    expect((within(dialog).getByLabelText('Public link') as HTMLInputElement).value).toContain(
      '/tool/email-writer',
    );
  });

  it('Edit tool opens the tool’s editor', () => {
    setup();
    openMenu('Blog ideas', 'Edit tool');
    expect(location()).toBe('/build/app/a1/tool/t1');
  });
});

describe('Adding a tool', () => {
  it('derives the path from the title, sends both and opens the new tool', async () => {
    const api = mockApi({
      'POST /api/apps/a1/tools': { status: 201, body: { toolId: 't9', path: 'seo-helper' } },
    });
    const { queryClient } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add tool' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'SEO Helper!' } });
    expect((screen.getByLabelText('Path') as HTMLInputElement).value).toBe('seo-helper');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add tool' }));
    await waitFor(() => expect(location()).toBe('/build/app/a1/tool/t9'));
    expect(api.to('POST /api/apps/a1/tools')[0]!.body).toEqual({ title: 'SEO Helper!', path: 'seo-helper' });
    expect(invalidated(queryClient)).toBe(true);
  });

  it('refuses an empty path or one with other characters, with the path rule next to the path', async () => {
    const api = mockApi({});
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add tool' }));
    const add = within(screen.getByRole('dialog')).getByRole('button', { name: 'Add tool' });
    fireEvent.click(add);
    const rule = 'Path should contain only letters, numbers, and dashes. It cannot be empty.';
    const path = screen.getByLabelText('Path');
    await waitFor(() => expect(path.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(path.getAttribute('aria-describedby')!)!.textContent).toBe(rule);
    fireEvent.change(path, { target: { value: 'my tool/1' } });
    fireEvent.click(add);
    expect(await screen.findByText(rule)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('refuses a path another tool uses, case-insensitively', async () => {
    const api = mockApi({});
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add tool' }));
    fireEvent.change(screen.getByLabelText('Path'), { target: { value: 'Blog-Ideas' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add tool' }));
    expect(await screen.findByText('Another tool of this app already uses this path')).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('shows the server’s message when it refuses', async () => {
    const message =
      'You have reached the maximum number of tools allowed per app (20), please delete some tools before adding more.';
    mockApi({
      'POST /api/apps/a1/tools': { status: 400, body: { error: { code: 'tool/too-many', message } } },
    });
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add tool' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'One more' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add tool' }));
    expect(await within(screen.getByRole('dialog')).findByText(message)).toBeTruthy();
    expect(location()).toBe('/build/app/a1');
  });

  it('puts the server’s refusal of a path next to the path', async () => {
    mockApi({ 'POST /api/apps/a1/tools': errorReply('tool/path-taken') });
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Add tool' }));
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Fresh one' } });
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Add tool' }));
    const path = screen.getByLabelText('Path');
    await waitFor(() => expect(path.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(path.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Another tool of this app already uses this path',
    );
  });

  it('at the maximum the add button is disabled with the limit message', () => {
    const tools = Array.from({ length: 20 }, (_, i) => makeTool({ toolId: `t${i}`, path: `p${i}` }));
    setup(makeApp({ tools }));
    expect(
      screen.getByText(
        'You have reached the maximum number of tools allowed per app (20), please delete some tools before adding more.',
      ),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Add tool' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Rename and delete', () => {
  it('renames title and path with PATCH', async () => {
    const api = mockApi({
      'PATCH /api/apps/a1/tools/t1': {
        body: { tool: makeTool({ title: 'Post ideas', path: 'post-ideas' }) },
      },
    });
    const { queryClient } = setup();
    openMenu('Blog ideas', 'Rename');
    expect((screen.getByLabelText('Path') as HTMLInputElement).value).toBe('blog-ideas');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Post ideas' } });
    fireEvent.change(screen.getByLabelText('Path'), { target: { value: 'post-ideas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('PATCH /api/apps/a1/tools/t1')[0]!.body).toEqual({
      title: 'Post ideas',
      path: 'post-ideas',
    });
    expect(invalidated(queryClient)).toBe(true);
  });

  it('a rename to an invalid path shows the path rule and sends nothing', async () => {
    const api = mockApi({});
    setup();
    openMenu('Blog ideas', 'Rename');
    fireEvent.change(screen.getByLabelText('Path'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Path should contain only letters, numbers, and dashes. It cannot be empty.'),
    ).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it('deletes after confirming', async () => {
    const api = mockApi({ 'DELETE /api/apps/a1/tools/t2': { status: 204 } });
    const { queryClient } = setup();
    openMenu('Email writer', 'Delete');
    expect(screen.getByText('Delete “Email writer”?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete tool' }));
    await waitFor(() => expect(api.to('DELETE /api/apps/a1/tools/t2')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(invalidated(queryClient)).toBe(true);
  });

  it('a failed delete shows the server’s message', async () => {
    mockApi({ 'DELETE /api/apps/a1/tools/t2': errorReply('tool/not-found') });
    setup();
    openMenu('Email writer', 'Delete');
    fireEvent.click(screen.getByRole('button', { name: 'Delete tool' }));
    expect(await screen.findByText('Tool not found')).toBeTruthy();
  });
});

const titles = () =>
  within(screen.getByRole('list', { name: 'App tools' }))
    .getAllByRole('link')
    .map((a) => a.textContent);

describe('Reordering', () => {
  it('sends the new order', async () => {
    layOutSortableRows();
    const api = mockApi({ 'POST /api/apps/a1/tools/order': { body: { tools: [t2, t1] } } });
    const { queryClient } = setup();
    await dragWithKeyboard('Move Blog ideas', ['ArrowDown']);
    await waitFor(() => expect(api.to('POST /api/apps/a1/tools/order')).toHaveLength(1));
    expect(api.to('POST /api/apps/a1/tools/order')[0]!.body).toEqual({ toolIds: ['t2', 't1'] });
    expect(titles()).toEqual(['Email writer', 'Blog ideas']);
    await waitFor(() => expect(invalidated(queryClient)).toBe(true));
  });

  it('puts the old order back and says why when the server refuses', async () => {
    layOutSortableRows();
    mockApi({ 'POST /api/apps/a1/tools/order': errorReply('request/invalid') });
    setup();
    await dragWithKeyboard('Move Blog ideas', ['ArrowDown']);
    expect(await screen.findByText('The request is invalid')).toBeTruthy();
    expect(titles()).toEqual(['Blog ideas', 'Email writer']);
  });
});
