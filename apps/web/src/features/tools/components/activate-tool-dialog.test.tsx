import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppView, ToolSummary } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import type { BuilderAccount } from '@/lib/builder-types';
import { makeApp, makeBuilder, makeTool, renderBuilder } from '@/test/builder-test-kit';
import { ActivateToolDialog } from './activate-tool-dialog';

function setup({
  tool = makeTool(),
  app,
  account = makeBuilder(),
}: { tool?: ToolSummary; app?: AppView; account?: BuilderAccount } = {}) {
  const view = app ?? makeApp({ tools: [tool] });
  const onUpgrade = vi.fn();
  const r = renderBuilder(
    <ActivateToolDialog
      app={view}
      tool={tool}
      account={account}
      open
      onOpenChange={() => {}}
      onUpgrade={onUpgrade}
    />,
    { app: view },
  );
  return { ...r, onUpgrade };
}
const toggle = () => screen.getByRole('switch', { name: 'Tool status' });
const statusUrl = 'POST /api/apps/a1/tools/t1/status';

afterEach(() => vi.unstubAllGlobals());

describe('Activate Your Tool', () => {
  it('activates the tool and refreshes the app', async () => {
    const api = mockApi({ [statusUrl]: { body: { tool: makeTool({ status: 'active' }) } } });
    const { queryClient } = setup();
    expect(screen.getByRole('heading', { name: 'Activate Your Tool' })).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('true'));
    expect(api.to(statusUrl)[0]!.body).toEqual({ status: 'active' });
    expect(screen.getByText('Active')).toBeTruthy();
    expect(queryClient.getQueryData<AppView>(['apps', 'a1'])!.tools[0]!.status).toBe('active');
    expect(queryClient.getQueryState(['apps', 'a1'])!.isInvalidated).toBe(true);
  });

  it('turns an active tool back into a draft', async () => {
    const api = mockApi({ [statusUrl]: { body: { tool: makeTool({ status: 'draft' }) } } });
    setup({ tool: makeTool({ status: 'active' }) });
    fireEvent.click(toggle());
    await waitFor(() => expect(toggle().getAttribute('aria-checked')).toBe('false'));
    expect(api.to(statusUrl)[0]!.body).toEqual({ status: 'draft' });
  });

  it('without a header: says so and refuses to activate', () => {
    const api = mockApi({});
    setup({ tool: makeTool({ title: '', app: { header: '' } }) });
    expect(screen.getByText('Your tool should have a header before it is activated')).toBeTruthy();
    fireEvent.click(toggle());
    expect(screen.getByText('Your tool should have a header before it is activated')).toBeTruthy();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    expect(api.requests).toHaveLength(0);
  });

  it('at the plan’s live-tool limit: the limit message and an upgrade button, nothing sent', () => {
    const api = mockApi({});
    const tool = makeTool();
    const other = makeTool({ toolId: 't2', path: 'other', status: 'active' });
    const { onUpgrade } = setup({
      tool,
      app: makeApp({ tools: [tool, other] }),
      account: makeBuilder({ plan: 'lite' }),
    });
    fireEvent.click(toggle());
    expect(
      screen.getByText('Your plan allows 1 live tool. Upgrade your plan to activate more tools.'),
    ).toBeTruthy();
    expect(api.requests).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade plan' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('the server’s live-limit answer: its message and an upgrade button', async () => {
    const message = 'Your plan allows 5 live tools. Upgrade your plan to activate more tools.';
    mockApi({ [statusUrl]: { status: 403, body: { error: { code: 'tool/live-limit', message } } } });
    const { onUpgrade } = setup();
    fireEvent.click(toggle());
    expect(await screen.findByText(message)).toBeTruthy();
    expect(toggle().getAttribute('aria-checked')).toBe('false');
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade plan' }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('another server refusal: its message, no upgrade button', async () => {
    mockApi({ [statusUrl]: errorReply('tool/header-required') });
    setup();
    fireEvent.click(toggle());
    expect(await screen.findByText('Your tool should have a header before it is activated')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade plan' })).toBeNull();
  });

  it('shows the public link and copies it', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    setup();
    const link = `${window.location.origin}/app/a1/tool/blog-ideas`;
    expect((screen.getByLabelText('Public link') as HTMLInputElement).value).toBe(link);
    fireEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(link);
  });
});
