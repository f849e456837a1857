import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

// the workspace loads lazily: its first render may take a few seconds on a busy machine
import { mockApi } from '@/test/mock-api';
import { appView, builder, tool } from '@/test/workspace-fixtures';
import { renderWorkspace } from './workspace-harness';

// A generated app's workspace (issue 29, decision 0015): the App Chat tab, the app's home as preview.

describe("a generated app's workspace", () => {
  it('opens a new app on its App Chat, with the home preview waiting for tools', async () => {
    const app = appView({ appType: 'generated', header: 'Estate agent kit', tools: [] });
    mockApi({ [`GET /api/apps/${app.appId}`]: { body: app } });
    renderWorkspace();
    const chat = await screen.findByRole('region', { name: 'App Chat' }, { timeout: 5000 });
    expect(within(chat).getByLabelText('Chat slot')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'App Chat' }).getAttribute('data-state')).toBe('active');
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(within(preview).getByRole('heading', { name: 'Estate agent kit' })).toBeTruthy();
    expect(within(preview).getByText('No tools yet')).toBeTruthy();
  });

  it("shows the app's home with a card per tool, and a card opens the tool's form", async () => {
    const listing = tool({
      toolId: 't1',
      path: 'listing-writer',
      title: 'Listing writer',
      app: { header: 'Write a listing', description: 'From a few facts' },
    });
    const app = appView({ appType: 'generated', header: 'Estate agent kit', tools: [listing] });
    mockApi({ [`GET /api/apps/${app.appId}`]: { body: app } });
    renderWorkspace();
    const preview = await screen.findByRole('region', { name: 'Live preview' }, { timeout: 5000 });
    const cards = within(preview).getByRole('list', { name: 'Tools' });
    fireEvent.click(within(cards).getByRole('button', { name: /Write a listing/ }));
    expect(within(preview).getByText('· /tool/listing-writer')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Back to the app home' }));
    expect(within(preview).getByRole('list', { name: 'Tools' })).toBeTruthy();
  });

  it('offers a builder on the lowest plan the upgrade instead of the chat', async () => {
    const app = appView({ appType: 'generated', tools: [] });
    mockApi({ [`GET /api/apps/${app.appId}`]: { body: app } });
    renderWorkspace({ account: builder({ plan: 'lite' }) });
    const chat = await screen.findByRole('tabpanel', {}, { timeout: 5000 });
    await waitFor(() => expect(within(chat).getByText('Build your app by describing it')).toBeTruthy());
    expect(within(chat).getByRole('button', { name: 'Upgrade plan' })).toBeTruthy();
    expect(screen.queryByLabelText('Chat slot')).toBeNull();
  });

  it("shows the Database panel's empty state", async () => {
    const app = appView({ appType: 'generated' });
    mockApi({ [`GET /api/apps/${app.appId}`]: { body: app } });
    renderWorkspace();
    const nav = await screen.findByRole('navigation', { name: 'Builder menu' }, { timeout: 5000 });
    fireEvent.click(within(nav).getByRole('button', { name: /Database/ }));
    expect(await screen.findByText('No entities yet, use the chat to create one')).toBeTruthy();
  });
});
