import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appSettingsSchema, builderMessages, toastMessages, type AppView } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { appView, builder, tool } from '@/test/workspace-fixtures';
import { renderWorkspace } from './workspace-harness';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function menuEntries() {
  const nav = screen.getByRole('navigation', { name: 'Builder menu' });
  return within(nav)
    .getAllByRole('button')
    .map((b) => b.querySelector('span > span')?.firstChild?.textContent);
}

/** the side panel's status line: 'Saving...', 'Published' or 'Not published' */
function saveStatus() {
  return within(screen.getByRole('complementary', { name: 'Builder' })).getByRole('status').textContent;
}

async function openWorkspace(app: AppView, opts: Parameters<typeof renderWorkspace>[0] = {}) {
  const api = mockApi({ [`GET /api/apps/${app.appId}`]: { body: app } });
  const view = renderWorkspace(opts);
  await screen.findByRole('navigation', { name: 'Builder menu' });
  return { api, ...view };
}

describe('the main menu by app type and role', () => {
  it('a tool app offers the single-tool entries under the AI Tool panel, without the generated app chat tab', async () => {
    await openWorkspace(appView());
    expect(screen.getByRole('heading', { name: 'AI Tool' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'App Chat' })).toBeNull();
    expect(menuEntries()).toEqual([
      'Tool texts',
      'App branding',
      'Custom fields',
      'Results layout',
      'Call to action',
      'Data sources',
      'App chat',
      'Tool settings',
    ]);
    expect(screen.queryByRole('button', { name: 'Edit code' })).toBeNull();
  });

  it('a generated app for an ordinary builder: App chat and no settings', async () => {
    await openWorkspace(appView({ appType: 'generated' }));
    expect(screen.getByRole('tab', { name: 'AI Tool' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'App Chat' })).toBeTruthy();
    expect(menuEntries()).toEqual([
      'App details',
      'App texts',
      'App branding',
      'App tools',
      'App chat',
      'Database',
      'Code editor',
    ]);
  });

  it('a generated app for an admin adds App chat and App settings, titled Tool Settings, and Edit code', async () => {
    await openWorkspace(appView({ appType: 'generated' }), {
      account: builder({ isAdmin: true, plan: 'lite' }),
    });
    expect(menuEntries()).toEqual([
      'App details',
      'App texts',
      'App branding',
      'App tools',
      'App chat',
      'App settings',
      'Database',
      'Code editor',
    ]);
    expect(screen.getByRole('button', { name: 'Edit code' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /App settings/ }));
    expect(screen.getByRole('heading', { name: 'Tool Settings' })).toBeTruthy();
  });

  it('a Moon-plan builder sees the generated app settings and the chat', async () => {
    await openWorkspace(appView({ appType: 'generated' }), { account: builder({ plan: 'moon' }) });
    expect(menuEntries()).toContain('App settings');
    expect(menuEntries()).toContain('App chat');
  });

  it('a chat app offers only Data sources, with a way back to its app', async () => {
    mockApi({
      'GET /api/apps/chat1': {
        body: appView({
          appId: 'chat1',
          appType: 'chat',
          parentAppId: 'a1',
          header: 'Slogan maker',
          tools: [],
        }),
      },
      'GET /api/apps/a1': { body: appView({ header: 'Slogan maker' }) },
    });
    renderWorkspace({ url: '/build/app/chat1' });
    await screen.findByRole('navigation', { name: 'Builder menu' });
    expect(menuEntries()).toEqual(['Data sources']);
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    const back = await screen.findByRole('link', { name: /Back to Slogan maker/ });
    expect(back.getAttribute('href')).toBe('/build/app/a1');
    fireEvent.click(within(screen.getByRole('navigation', { name: 'Builder menu' })).getByRole('button'));
    expect(screen.getByRole('heading', { name: 'Data Sources' })).toBeTruthy();
    expect(screen.getByText('Data sources of chat1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('link', { name: /Try the assistant/ }).getAttribute('href')).toBe('/app/a1/chat');
    expect(screen.getByText(/The assistant is off/)).toBeTruthy();
    fireEvent.click(back);
    expect(screen.getByTestId('location').textContent).toBe('/build/app/a1');
  });

  it('marks App chat Active while the assistant is on', async () => {
    await openWorkspace(
      appView({
        appSettings: appSettingsSchema.parse({ chatSettings: { chatAppId: 'chat1', status: 'active' } }),
      }),
    );
    expect(screen.getByRole('button', { name: /App chat/ }).textContent).toContain('Active');
    expect(screen.getByRole('button', { name: /Tool settings/ }).textContent).not.toContain('Active');
  });

  it('each panel has a Done button back to the main menu; Data sources shows the composed panel', async () => {
    await openWorkspace(appView());
    expect(screen.getByRole('button', { name: /Data sources/ }).textContent).not.toContain('Soon');
    fireEvent.click(screen.getByRole('button', { name: /Data sources/ }));
    expect(screen.getByRole('heading', { name: 'Data Sources' })).toBeTruthy();
    expect(screen.getByText('Data sources of a1')).toBeTruthy();
    expect(screen.queryByText('Coming soon')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.getByRole('navigation', { name: 'Builder menu' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Tool settings/ }));
    expect(screen.getByRole('heading', { name: 'App Settings' })).toBeTruthy();
  });

  it('a space app opens its own workspace: the chat beside the app', async () => {
    mockApi({
      'GET /api/apps/a1': { body: appView({ appType: 'space', tools: [] }) },
      'GET /api/apps/a1/files': { body: { files: [] } },
    });
    renderWorkspace();
    expect(await screen.findByRole('region', { name: 'App Chat' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Your app' })).toBeTruthy();
  });

  it('opens the tool of the address, and says so when it does not exist', async () => {
    const app = appView({
      appType: 'generated',
      tools: [tool(), tool({ toolId: 't2', app: { header: 'Second' } })],
    });
    mockApi({ 'GET /api/apps/a1': { body: app } });
    renderWorkspace({ url: '/build/app/a1/tool/t2' });
    expect(await screen.findByRole('heading', { name: 'Second' })).toBeTruthy();

    vi.unstubAllGlobals();
    mockApi({ 'GET /api/apps/a1': { body: app } });
    renderWorkspace({ url: '/build/app/a1/tool/nope' });
    expect(await screen.findByText('Tool not found')).toBeTruthy();
  });
});

describe('publishing and analytics', () => {
  it('reads Publish to access analytics until published, then links to the analytics', async () => {
    const app = appView();
    const api = mockApi({
      'GET /api/apps/a1': { body: app },
      'POST /api/apps/a1/publish': {
        body: { ...app, isPublished: true, publishedAt: '2025-02-01T00:00:00.000Z' },
      },
    });
    renderWorkspace();
    const locked = await screen.findByRole('button', { name: builderMessages.publishForAnalytics });
    expect(saveStatus()).toBe('Not published');
    expect(locked.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(locked);
    expect(await screen.findByText(toastMessages.publishForAnalytics)).toBeTruthy();
    expect(screen.queryByRole('link', { name: builderMessages.appAnalytics })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const analytics = await screen.findByRole('link', { name: builderMessages.appAnalytics });
    expect(analytics.getAttribute('href')).toBe('/analytics/app/a1');
    expect(saveStatus()).toBe('Published');
    expect(screen.queryByRole('button', { name: builderMessages.publishForAnalytics })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(api.to('POST /api/apps/a1/publish')).toHaveLength(1);
  });
});

describe('autosave', () => {
  it('saves the tool 2 s after the last change, with the placeholder rule and without empty examples', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = appView();
    const { api } = await openWorkspace(app);
    api.fetchMock.mockClear();
    fireEvent.click(screen.getByRole('button', { name: /Tool texts/ }));
    fireEvent.change(screen.getByLabelText('Header'), { target: { value: 'Tagline maker' } });
    fireEvent.change(screen.getByLabelText('Input placeholder'), { target: { value: 'Type here...' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add example' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add example' }));
    fireEvent.change(screen.getByLabelText('Example 2'), { target: { value: '  green tea ' } });
    expect(saveStatus()).toBe('Saving...');
    // the live preview follows at once
    expect(screen.getByRole('heading', { name: 'Tagline maker' })).toBeTruthy();

    const saved = { ...app, tools: [tool({ app: { header: 'Tagline maker', examples: ['green tea'] } })] };
    const sent = mockApi({ 'POST /api/apps': { body: saved } });
    await act(async () => void vi.advanceTimersByTime(1999));
    expect(sent.requests).toHaveLength(0);
    await act(async () => void vi.advanceTimersByTime(1));
    expect(sent.requests).toHaveLength(1);
    expect(sent.requests[0]!.body).toMatchObject({
      appType: 'tool',
      appId: 'a1',
      toolId: 't1',
      app: { header: 'Tagline maker', inputPlaceholder: '', examples: ['green tea'] },
    });
    await vi.waitFor(() => expect(saveStatus()).toBe('Not published'));
    // the editor keeps what was typed
    expect((screen.getByLabelText('Input placeholder') as HTMLInputElement).value).toBe('Type here...');
    expect((screen.getByLabelText('Input placeholder') as HTMLInputElement).placeholder).toBe('Type here...');
  });

  it('a failed save puts the last saved value back and tells why', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openWorkspace(appView());
    mockApi({ 'POST /api/apps': errorReply('field/already-exists') });
    fireEvent.click(screen.getByRole('button', { name: /Tool texts/ }));
    fireEvent.change(screen.getByLabelText('Header'), { target: { value: 'Broken' } });
    await act(async () => void vi.advanceTimersByTime(2000));
    expect(await screen.findByText(toastMessages.saveFailedUser)).toBeTruthy();
    expect(screen.getByText('Field already exists')).toBeTruthy();
    expect((screen.getByLabelText('Header') as HTMLInputElement).value).toBe('Slogan maker');
    expect(saveStatus()).toBe('Not published');
  });

  it('a tool of a generated app saves with PUT; style and settings save to their own targets', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = appView({ appType: 'generated' });
    await openWorkspace(app, { account: builder({ isAdmin: true }) });
    const api = mockApi({
      'PUT /api/apps/a1/tools/t1': { body: { tool: tool({ app: { header: 'New name' } }) } },
      'POST /api/apps/a1/style': (req) => ({ body: req.body }),
      'POST /api/apps/a1/settings': (req) => ({ body: req.body }),
    });
    fireEvent.click(screen.getByRole('button', { name: /App texts/ }));
    fireEvent.change(screen.getByLabelText('Header'), { target: { value: 'New name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: /App branding/ }));
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }));
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    fireEvent.click(screen.getByRole('button', { name: /App settings/ }));
    fireEvent.click(screen.getByRole('switch', { name: 'Pro tool' }));
    await act(async () => void vi.advanceTimersByTime(2000));
    const saves = () => api.requests.filter((r) => r.method !== 'GET');
    await vi.waitFor(() => expect(saves()).toHaveLength(3));

    expect(api.to('PUT /api/apps/a1/tools/t1')[0]!.body).toMatchObject({ header: 'New name' });
    expect(api.to('POST /api/apps/a1/style')[0]!.body).toMatchObject({ appStyle: { styleName: 'dark' } });
    expect(api.to('POST /api/apps/a1/settings')[0]!.body).toMatchObject({ appSettings: { isProTool: true } });
    expect(api.to('POST /api/apps')).toHaveLength(0);
  });

  it("App details saves a generated app's own header and subheader as its genApp", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const app = appView({ appType: 'generated' });
    await openWorkspace(app, { account: builder() });
    const api = mockApi({
      'POST /api/apps': (req) => ({
        body: { ...app, header: 'Travel helpers', description: 'Plan and pack.', _sent: req.body },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: /App details/ }));
    expect(screen.getByRole('heading', { name: 'App Details' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Header'), { target: { value: 'Travel helpers' } });
    fireEvent.change(screen.getByLabelText('Subheader'), { target: { value: 'Plan and pack.' } });
    await act(async () => void vi.advanceTimersByTime(2000));
    await vi.waitFor(() => expect(api.to('POST /api/apps')).toHaveLength(1));
    expect(api.to('POST /api/apps')[0]!.body).toEqual({
      appType: 'generated',
      appId: 'a1',
      genApp: { header: 'Travel helpers', description: 'Plan and pack.', appBuilderVersion: 4 },
    });
  });

  it('Ctrl+S sends the waiting changes at once', async () => {
    await openWorkspace(appView());
    const api = mockApi({ 'POST /api/apps': { body: appView() } });
    fireEvent.click(screen.getByRole('button', { name: /Tool texts/ }));
    fireEvent.change(screen.getByLabelText('Welcome Message'), { target: { value: 'Hello!' } });
    expect(api.requests).toHaveLength(0);
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await vi.waitFor(() => expect(api.to('POST /api/apps')).toHaveLength(1));
    expect(api.requests[0]!.body).toMatchObject({ app: { welcomeMessage: 'Hello!' } });
  });

  it('asks before leaving with changes that are not saved yet', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await openWorkspace(appView());
    fireEvent.click(screen.getByRole('button', { name: /Tool texts/ }));
    fireEvent.change(screen.getByLabelText('Header'), { target: { value: 'Half typed' } });
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(builderMessages.unsavedChanges)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.getAllByTestId('location')[0]!.textContent).toBe('/build/app/a1');
  });
});

describe('results layout', () => {
  it('shows the blocks derived from the prompt while the tool has none saved', async () => {
    await openWorkspace(
      appView({
        tools: [tool({ app: { gptPrompt: 'Plan a trip.\n## Summary\nShort.\n## Budget\nIn euros.' } })],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: /Results layout/ }));
    expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toContain('## Budget');
    const blocks = screen.getByRole('region', { name: 'Result blocks' });
    expect(within(blocks).getByText('From your prompt')).toBeTruthy();
    expect(
      within(blocks)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual(['Summary', 'Budget']);
  });
});
