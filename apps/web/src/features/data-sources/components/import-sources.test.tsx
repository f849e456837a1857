import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contextMessages, errorCatalogue } from '@buildai/domain';
import { errorReply, mockApi, type Reply } from '@/test/mock-api';
import { contextKeys } from '../api/context-items';
import type { ConnectionsResponse, ImportableItem } from '../api/integrations';
import { POPUP_CHECK_MS } from '../hooks/use-integration-popup';
import { itemsReply, makeItem, renderWithProviders } from '../test/data-sources-kit';
import {
  cancelledMessage,
  CONNECTIONS_FAILED_MESSAGE,
  expiredMessage,
  ImportSources,
  NO_IMPORTS_MESSAGE,
} from './import-sources';

const CONNECTIONS = 'GET /api/integrations/connections';
const NOTION_START = 'GET /api/integrations/notion/start';
const NOTION_ITEMS = 'GET /api/integrations/notion/items';
const DRIVE_ITEMS = 'GET /api/integrations/google-drive/items';
const INGEST = 'POST /api/context/ingest/metadata';
const CONSENT_URL = 'https://api.notion.com/v1/oauth/authorize?client_id=c&state=s';

function status(
  notion: [configured: boolean, connected: boolean],
  drive: [configured: boolean, connected: boolean] = [false, false],
): Reply {
  const body: ConnectionsResponse = {
    notion: { configured: notion[0], connected: notion[1] },
    googleDrive: { configured: drive[0], connected: drive[1] },
  };
  return { body };
}

const page = (over: Partial<ImportableItem> = {}): ImportableItem => ({
  name: 'Handbook',
  source: 'notion',
  type: 'notion page',
  providerItemId: 'p1',
  provider: 'notion',
  externalFileUrl: 'https://www.notion.so/p1',
  ...over,
});
const HANDBOOK = page();
const PRODUCTS = page({ name: 'Products', type: 'notion database', providerItemId: 'd1' });
const PLAN_DOC: ImportableItem = {
  name: 'Plan',
  source: 'google drive',
  type: 'google doc',
  providerItemId: 'g1',
  provider: 'google-drive',
};

/** A popup window as `window.open` answers it. */
function fakePopup() {
  const popup = {
    closed: false,
    location: { href: 'about:blank' },
    focus: vi.fn(),
    close: vi.fn(() => {
      popup.closed = true;
    }),
  };
  return popup;
}

function stubOpen(popup: ReturnType<typeof fakePopup> | null = fakePopup()) {
  const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
  return { open, popup: popup! };
}

async function post(data: unknown, origin = window.location.origin) {
  await act(async () => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
    await new Promise((r) => setTimeout(r, 0));
  });
}

function setup(routes: Parameters<typeof mockApi>[0], props: { disabled?: boolean } = {}) {
  const api = mockApi(routes);
  const onImported = vi.fn();
  const onPlanLimit = vi.fn();
  const view = renderWithProviders(
    <ImportSources appId="a1" onImported={onImported} onPlanLimit={onPlanLimit} {...props} />,
  );
  return { ...view, api, onImported, onPlanLimit };
}

const section = (name: string) => screen.getByRole('region', { name: `Import from ${name}` });
const findSection = (name: string) => screen.findByRole('region', { name: `Import from ${name}` });

beforeEach(() => {
  vi.spyOn(window, 'open').mockImplementation(() => {
    throw new Error('window.open not stubbed');
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ImportSources: which imports show', () => {
  it('shows only the imports the operator configured, with their Connect button', async () => {
    const { api } = setup({ [CONNECTIONS]: status([true, false], [false, false]) });
    expect(screen.getByRole('status', { name: 'Loading imports' })).toBeTruthy();
    const notion = await findSection('Notion');
    expect(
      within(notion).getByText('Connect your Notion workspace to import pages and databases.'),
    ).toBeTruthy();
    expect(within(notion).getByRole('button', { name: 'Connect Notion' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Import from Google Drive' })).toBeNull();
    expect(api.to(CONNECTIONS)[0]!.query.get('appId')).toBe('a1');
    expect(api.to(NOTION_ITEMS)).toHaveLength(0);
  });

  it('shows both when both are configured', async () => {
    setup({ [CONNECTIONS]: status([true, false], [true, false]) });
    await findSection('Notion');
    const drive = section('Google Drive');
    expect(
      within(drive).getByText('Connect your Google Drive to import Docs, Sheets and Slides.'),
    ).toBeTruthy();
    expect(within(drive).getByRole('button', { name: 'Connect Google Drive' })).toBeTruthy();
  });

  it('says so when no import is configured', async () => {
    setup({ [CONNECTIONS]: status([false, false], [false, false]) });
    expect(await screen.findByText(NO_IMPORTS_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^Import from/ })).toBeNull();
  });

  it('a failed status shows an error with Retry that asks again', async () => {
    const { api } = setup({
      [CONNECTIONS]: [
        { status: 500, body: { error: { code: 'internal', message: 'Down' } } },
        status([true, false]),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(CONNECTIONS_FAILED_MESSAGE)).toBeTruthy();
    expect(within(alert).getByText('Down')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await findSection('Notion')).toBeTruthy();
    expect(api.to(CONNECTIONS)).toHaveLength(2);
  });
});

describe('ImportSources: connecting in a popup', () => {
  it('opens a blank popup within the click, sends it to the consent page, and lists the items once connected', async () => {
    const { api } = setup({
      [CONNECTIONS]: [status([true, false]), status([true, true])],
      [NOTION_START]: { body: { url: CONSENT_URL } },
      [NOTION_ITEMS]: { body: { items: [HANDBOOK] } },
    });
    const notion = await findSection('Notion');
    const { open, popup } = stubOpen();
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    // synchronously, before the server answered: popup blockers allow it
    expect(open).toHaveBeenCalledWith('about:blank', 'buildai-notion', expect.stringContaining('popup=yes'));
    expect(within(notion).getByRole('button', { name: 'Connecting…' }).hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
    const start = api.to(NOTION_START)[0]!;
    expect(start.query.get('appId')).toBe('a1');
    expect(start.headers.accept).toBe('application/json');

    await post({ type: 'buildai:integration', provider: 'notion', connected: true });
    expect(await screen.findByText('Notion connected')).toBeTruthy();
    expect(await within(notion).findByText('Handbook')).toBeTruthy();
    expect(within(notion).getByText('Connected')).toBeTruthy();
    expect(api.to(CONNECTIONS)).toHaveLength(2);
  });

  it('ignores messages from another origin, of another type or for another provider', async () => {
    const { api } = setup({
      [CONNECTIONS]: [status([true, false]), status([true, true])],
      [NOTION_START]: { body: { url: CONSENT_URL } },
    });
    const notion = await findSection('Notion');
    const { popup } = stubOpen();
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
    await post({ type: 'buildai:integration', provider: 'notion', connected: true }, 'https://evil.example');
    await post({ type: 'buildai:google', provider: 'notion', connected: true });
    await post({ type: 'buildai:integration', provider: 'google-drive', connected: true });
    expect(within(notion).getByRole('button', { name: 'Connecting…' })).toBeTruthy();
    expect(api.to(CONNECTIONS)).toHaveLength(1);
  });

  it('a cancelled consent toasts it and goes back to Connect', async () => {
    setup({ [CONNECTIONS]: status([true, false]), [NOTION_START]: { body: { url: CONSENT_URL } } });
    const notion = await findSection('Notion');
    const { popup } = stubOpen();
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
    await post({ type: 'buildai:integration', provider: 'notion', cancelled: true });
    expect(
      await screen.findByText('Notion was not connected: you cancelled before allowing access'),
    ).toBeTruthy();
    expect(cancelledMessage('notion')).toBe('Notion was not connected: you cancelled before allowing access');
    expect(within(notion).getByRole('button', { name: 'Connect Notion' }).hasAttribute('disabled')).toBe(
      false,
    );
  });

  it('a failed connection toasts the server’s message', async () => {
    setup({ [CONNECTIONS]: status([true, false]), [NOTION_START]: { body: { url: CONSENT_URL } } });
    const notion = await findSection('Notion');
    stubOpen();
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    await post({
      type: 'buildai:integration',
      provider: 'notion',
      error: 'The connection failed, try again later',
    });
    expect(await screen.findByText('Could not connect Notion')).toBeTruthy();
    expect(screen.getByText('The connection failed, try again later')).toBeTruthy();
    expect(within(notion).getByRole('button', { name: 'Connect Notion' })).toBeTruthy();
  });

  it('a popup closed without a message goes back to idle quietly', async () => {
    setup({ [CONNECTIONS]: status([true, false]), [NOTION_START]: { body: { url: CONSENT_URL } } });
    const notion = await findSection('Notion');
    const { popup } = stubOpen();
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
    popup.closed = true;
    await waitFor(
      () =>
        expect(within(notion).getByRole('button', { name: 'Connect Notion' }).hasAttribute('disabled')).toBe(
          false,
        ),
      { timeout: 3000 },
    );
  });

  it('still takes the message of a popup already seen closed, as the callback page closes as it posts', async () => {
    setup({
      [CONNECTIONS]: [status([true, false]), status([true, true])],
      [NOTION_START]: { body: { url: CONSENT_URL } },
      [NOTION_ITEMS]: { body: { items: [HANDBOOK] } },
    });
    const notion = await findSection('Notion');
    const { popup } = stubOpen();
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    await waitFor(() => expect(popup.location.href).toBe(CONSENT_URL));
    popup.closed = true;
    // past the check that sees it closed, within the grace
    await act(() => new Promise((r) => setTimeout(r, POPUP_CHECK_MS + 100)));
    await post({ type: 'buildai:integration', provider: 'notion', connected: true });
    expect(await screen.findByText('Notion connected')).toBeTruthy();
    expect(await within(notion).findByText('Handbook')).toBeTruthy();
  });

  it('a blocked popup says how to allow it and asks the server nothing', async () => {
    const { api } = setup({ [CONNECTIONS]: status([true, false]) });
    const notion = await findSection('Notion');
    stubOpen(null);
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    expect(
      await screen.findByText(
        'Your browser blocked the Notion window. Allow pop-ups for this site and try again.',
      ),
    ).toBeTruthy();
    expect(api.to(NOTION_START)).toHaveLength(0);
    expect(within(notion).getByRole('button', { name: 'Connect Notion' })).toBeTruthy();
  });

  it('a refused start closes the popup and toasts the server’s message', async () => {
    setup({ [CONNECTIONS]: status([true, false]), [NOTION_START]: errorReply('integration/not-configured') });
    const notion = await findSection('Notion');
    const { popup } = stubOpen();
    fireEvent.click(within(notion).getByRole('button', { name: 'Connect Notion' }));
    expect(await screen.findByText(errorCatalogue['integration/not-configured'].message)).toBeTruthy();
    expect(popup.close).toHaveBeenCalled();
    expect(popup.location.href).toBe('about:blank');
    expect(within(notion).getByRole('button', { name: 'Connect Notion' })).toBeTruthy();
  });
});

describe('ImportSources: picking and importing', () => {
  it('lists the items with their type, selects all and imports them', async () => {
    const { api, queryClient, onImported } = setup({
      [CONNECTIONS]: status([true, true]),
      [NOTION_ITEMS]: { body: { items: [HANDBOOK, PRODUCTS] } },
      [INGEST]: { status: 201, body: { contextItemIds: ['n1', 'n2'] } },
    });
    const notion = await findSection('Notion');
    expect(await within(notion).findByRole('status', { name: 'Loading your Notion items' })).toBeTruthy();
    const list = await within(notion).findByRole('list', { name: 'Notion items' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['HandbookNotion page', 'ProductsNotion database']);
    expect(api.to(NOTION_ITEMS)[0]!.query.get('appId')).toBe('a1');

    const importButton = within(notion).getByRole('button', { name: 'Import 0' });
    expect(importButton.hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(notion).getByRole('checkbox', { name: 'Select all' }));
    expect(within(notion).getByText('2 of 2 selected')).toBeTruthy();
    fireEvent.click(within(notion).getByRole('button', { name: 'Import 2' }));

    expect(await screen.findByText('2 items imported from Notion')).toBeTruthy();
    const sent = api.to(INGEST)[0]!;
    expect(sent.query.get('appId')).toBe('a1');
    expect(sent.body).toEqual({ contextItems: [HANDBOOK, PRODUCTS] });
    expect(onImported).toHaveBeenCalledWith(['n1', 'n2']);
    expect(queryClient.getQueryState(contextKeys.items('a1'))?.isInvalidated).toBe(true);
    expect(within(notion).getByRole('button', { name: 'Import 0' })).toBeTruthy();
  });

  it('imports only the items ticked, and marks those already added', async () => {
    const { api, queryClient } = setup({
      [CONNECTIONS]: status([true, true]),
      [NOTION_ITEMS]: {
        body: { items: [HANDBOOK, PRODUCTS, page({ name: 'Roadmap', providerItemId: 'p2' })] },
      },
      [INGEST]: { status: 201, body: { contextItemIds: ['n1'] } },
    });
    queryClient.setQueryData(
      contextKeys.items('a1'),
      itemsReply([makeItem({ name: 'Handbook', provider: 'notion', providerItemId: 'p1', source: 'notion' })])
        .body,
    );
    const notion = await findSection('Notion');
    const handbook = await within(notion).findByRole('checkbox', { name: /^Handbook/ });
    expect(handbook.hasAttribute('disabled')).toBe(true);
    expect((handbook as HTMLInputElement).checked).toBe(true);
    expect(within(handbook.closest('li')!).getByText('Added')).toBeTruthy();
    expect(within(notion).getByText('0 of 2 selected')).toBeTruthy();

    fireEvent.click(within(notion).getByRole('checkbox', { name: /^Roadmap/ }));
    expect(
      (within(notion).getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement).indeterminate,
    ).toBe(true);
    fireEvent.click(within(notion).getByRole('button', { name: 'Import 1' }));
    expect(await screen.findByText('1 item imported from Notion')).toBeTruthy();
    expect(api.to(INGEST)[0]!.body).toEqual({
      contextItems: [page({ name: 'Roadmap', providerItemId: 'p2' })],
    });
  });

  it('sends more than 50 items in parts of 50', async () => {
    const many = Array.from({ length: 60 }, (_, i) => page({ name: `Page ${i}`, providerItemId: `p${i}` }));
    const { api, onImported } = setup({
      [CONNECTIONS]: status([true, true]),
      [NOTION_ITEMS]: { body: { items: many } },
      [INGEST]: (req) => ({
        status: 201,
        body: {
          contextItemIds: (req.body as { contextItems: ImportableItem[] }).contextItems.map(
            (i) => `id-${i.providerItemId}`,
          ),
        },
      }),
    });
    const notion = await findSection('Notion');
    fireEvent.click(await within(notion).findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(within(notion).getByRole('button', { name: 'Import 60' }));
    expect(await screen.findByText('60 items imported from Notion')).toBeTruthy();
    const sizes = api.to(INGEST).map((r) => (r.body as { contextItems: unknown[] }).contextItems.length);
    expect(sizes).toEqual([50, 10]);
    expect(onImported.mock.calls[0]![0]).toHaveLength(60);
  });

  it('a plan limit toasts the server’s message and tells the dialog', async () => {
    const { onPlanLimit, onImported } = setup({
      [CONNECTIONS]: status([true, true]),
      [NOTION_ITEMS]: { body: { items: [HANDBOOK, PRODUCTS] } },
      [INGEST]: errorReply('context/item-limit'),
    });
    const notion = await findSection('Notion');
    fireEvent.click(await within(notion).findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(within(notion).getByRole('button', { name: 'Import 2' }));
    expect(await screen.findByText(errorCatalogue['context/item-limit'].message)).toBeTruthy();
    expect(onPlanLimit).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'context/item-limit',
        message: errorCatalogue['context/item-limit'].message,
      }),
    );
    expect(onImported).not.toHaveBeenCalled();
    // the selection stays for another try
    expect(within(notion).getByRole('button', { name: 'Import 2' })).toBeTruthy();
  });

  it('another failure toasts the save error', async () => {
    setup({
      [CONNECTIONS]: status([true, true]),
      [NOTION_ITEMS]: { body: { items: [HANDBOOK] } },
      [INGEST]: { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } },
    });
    const notion = await findSection('Notion');
    fireEvent.click(await within(notion).findByRole('checkbox', { name: /^Handbook/ }));
    fireEvent.click(within(notion).getByRole('button', { name: 'Import 1' }));
    expect(await screen.findByText(contextMessages.saveFailed)).toBeTruthy();
  });

  it('the Import button stays off while the dialog says nothing can be added', async () => {
    setup(
      { [CONNECTIONS]: status([true, true]), [NOTION_ITEMS]: { body: { items: [HANDBOOK] } } },
      { disabled: true },
    );
    const notion = await findSection('Notion');
    fireEvent.click(await within(notion).findByRole('checkbox', { name: /^Handbook/ }));
    expect(within(notion).getByRole('button', { name: 'Import 1' }).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    ['notion', 'Notion', status([true, true]), NOTION_ITEMS, 'Nothing to import in your Notion workspace'],
    [
      'google-drive',
      'Google Drive',
      status([false, false], [true, true]),
      DRIVE_ITEMS,
      'Nothing to import in your Google Drive',
    ],
  ] as const)('an empty %s list says there is nothing to import', async (_p, name, reply, route, text) => {
    const { api } = setup({
      [CONNECTIONS]: reply,
      [route]: [{ body: { items: [] } }, { body: { items: [PLAN_DOC] } }],
    });
    const region = await findSection(name);
    expect(await within(region).findByText(text)).toBeTruthy();
    fireEvent.click(within(region).getByRole('button', { name: `Refresh the ${name} list` }));
    await waitFor(() => expect(api.to(route)).toHaveLength(2));
    expect(await within(region).findByText('Plan')).toBeTruthy();
    expect(within(region).getByText('Google Doc')).toBeTruthy();
  });

  it('a list that fails to load shows the error with Retry', async () => {
    const { api } = setup({
      [CONNECTIONS]: status([true, true]),
      [NOTION_ITEMS]: [
        { status: 502, body: { error: { code: 'internal', message: 'Notion is down' } } },
        { body: { items: [HANDBOOK] } },
      ],
    });
    const notion = await findSection('Notion');
    const alert = await within(notion).findByRole('alert');
    expect(within(alert).getByText('Could not load your Notion items')).toBeTruthy();
    expect(within(alert).getByText('Notion is down')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await within(notion).findByText('Handbook')).toBeTruthy();
    expect(api.to(NOTION_ITEMS)).toHaveLength(2);
  });

  it('tokens the provider refuses show Connect again', async () => {
    setup({ [CONNECTIONS]: status([true, true]), [NOTION_ITEMS]: errorReply('integration/not-connected') });
    const notion = await findSection('Notion');
    expect(await within(notion).findByText(expiredMessage('notion'))).toBeTruthy();
    expect(expiredMessage('notion')).toBe('Your Notion connection has ended. Connect again to import.');
    expect(within(notion).getByRole('button', { name: 'Connect Notion' })).toBeTruthy();
    expect(within(notion).queryByRole('button', { name: 'Disconnect Notion' })).toBeNull();
  });
});

describe('ImportSources: disconnecting', () => {
  it('Disconnect forgets the connection and shows Connect again', async () => {
    const { api } = setup({
      [CONNECTIONS]: [status([true, true]), status([true, false])],
      [NOTION_ITEMS]: { body: { items: [HANDBOOK] } },
      'DELETE /api/integrations/notion/connection': { status: 204 },
    });
    const notion = await findSection('Notion');
    await within(notion).findByText('Handbook');
    const link = within(notion).getByRole('button', { name: 'Disconnect Notion' });
    expect(link.textContent).toBe('Disconnect');
    fireEvent.click(link);
    expect(await screen.findByText('Notion disconnected')).toBeTruthy();
    expect(screen.getByText('The items you imported stay in your data.')).toBeTruthy();
    expect(await within(notion).findByRole('button', { name: 'Connect Notion' })).toBeTruthy();
    expect(within(notion).queryByText('Handbook')).toBeNull();
    expect(api.to('DELETE /api/integrations/notion/connection')[0]!.query.get('appId')).toBe('a1');
  });

  it('a failed disconnect toasts the server’s message', async () => {
    setup({
      [CONNECTIONS]: status([true, true]),
      [NOTION_ITEMS]: { body: { items: [HANDBOOK] } },
      'DELETE /api/integrations/notion/connection': errorReply('app/not-found'),
    });
    const notion = await findSection('Notion');
    fireEvent.click(await within(notion).findByRole('button', { name: 'Disconnect Notion' }));
    expect(await screen.findByText(errorCatalogue['app/not-found'].message)).toBeTruthy();
    expect(within(notion).getByRole('button', { name: 'Disconnect Notion' })).toBeTruthy();
  });
});
