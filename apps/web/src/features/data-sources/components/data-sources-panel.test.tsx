import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextMessages, errorCatalogue, type ContextItemStatus } from '@buildai/domain';
import { mockApi } from '@/test/mock-api';
import {
  csvFile,
  sentUpload,
  itemsReply,
  makeItem,
  mockEventStream,
  openMenu,
  renderWithProviders,
  useFakeXhr,
} from '../test/data-sources-kit';
import { DataSourcesPanel } from './data-sources-panel';

const ITEMS = 'GET /api/context/items';

function setup({ plan = 'explorer', onSaveApp }: { plan?: string; onSaveApp?: () => void } = {}) {
  const onUpgrade = vi.fn();
  const view = renderWithProviders(
    <DataSourcesPanel appId="a1" plan={plan} isAdmin={false} onUpgrade={onUpgrade} onSaveApp={onSaveApp} />,
  );
  return { ...view, onUpgrade };
}

const rows = () => within(screen.getByRole('list', { name: 'Data sources' })).getAllByTestId('data-item');
const row = (name: string) => screen.getByRole('listitem', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Custom data source panel: the list', () => {
  it('shows each item with type, item count, size, last update and status, asking for the app’s items', async () => {
    const api = mockApi({
      [ITEMS]: itemsReply([
        makeItem(),
        makeItem({
          id: 'c2',
          name: 'Handbook.docx',
          type: 'doc',
          numOfChunks: 1,
          size: 3 * 1024 * 1024,
          lastSyncedAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
        }),
      ]),
    });
    setup();
    await screen.findByRole('list', { name: 'Data sources' });
    expect(api.to(ITEMS)[0]!.query.get('appId')).toBe('a1');
    expect(rows()).toHaveLength(2);
    const csv = row('Products.csv');
    expect(within(csv).getByText('CSV')).toBeTruthy();
    expect(within(csv).getByText('12 items')).toBeTruthy();
    expect(within(csv).getByText('2 KB')).toBeTruthy();
    expect(within(csv).getByText('5 minutes ago')).toBeTruthy();
    expect(within(csv).getByText('Synced')).toBeTruthy();
    const doc = row('Handbook.docx');
    expect(within(doc).getByText('Word document')).toBeTruthy();
    expect(within(doc).getByText('1 item')).toBeTruthy();
    expect(within(doc).getByText('3.0 MB')).toBeTruthy();
    expect(within(doc).getByText('2 hours ago')).toBeTruthy();
    expect(screen.getByText('2 data sources')).toBeTruthy();
  });

  it('labels every status as the spec says', async () => {
    const statuses: [ContextItemStatus, string][] = [
      ['unsynced', 'Pending'],
      ['pending', 'Pending'],
      ['running', 'Syncing...'],
      ['synced', 'Synced'],
      ['error', 'Error'],
      ['usage_limit_reached', 'Usage limit reached'],
    ];
    const api = mockApi({
      [ITEMS]: itemsReply(
        statuses.map(([status], i) => makeItem({ id: `c${i}`, name: `Item ${i}`, status })),
      ),
    });
    mockEventStream(api);
    setup();
    await screen.findByRole('list', { name: 'Data sources' });
    statuses.forEach(([, label], i) => {
      expect(within(row(`Item ${i}`)).getByText(label)).toBeTruthy();
    });
  });

  it('shows a loading state, then the empty state whose button opens the Data Sources dialog', async () => {
    mockApi({ [ITEMS]: itemsReply([]) });
    setup();
    expect(screen.getByRole('list', { name: 'Loading data sources' })).toBeTruthy();
    expect(await screen.findByText('No data sources yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Add data' })[1]!);
    const dialog = await screen.findByRole('dialog', { name: contextMessages.title });
    expect(within(dialog).getByText(contextMessages.textOption)).toBeTruthy();
  });

  it('a list that cannot be fetched toasts the spec’s message and offers to try again', async () => {
    const api = mockApi({
      [ITEMS]: [
        { status: 500, body: { error: { code: 'internal', message: 'Boom' } } },
        itemsReply([makeItem()]),
      ],
    });
    setup();
    expect(await screen.findByText(contextMessages.fetchFailed)).toBeTruthy();
    expect(screen.getByText('Your data sources could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Products.csv')).toBeTruthy();
    expect(api.to(ITEMS)).toHaveLength(2);
  });

  it('shows Copy template and the instructions link only for an item that carries them', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    mockApi({
      [ITEMS]: itemsReply([
        makeItem({
          templateFileUrl: 'https://files.example.com/template.csv',
          instructionsUrl: 'https://help.example.com/csv',
        }),
        makeItem({ id: 'c2', name: 'Plain.csv' }),
      ]),
    });
    setup();
    await screen.findByRole('list', { name: 'Data sources' });
    expect(within(row('Plain.csv')).queryByRole('button', { name: contextMessages.copyTemplate })).toBeNull();
    expect(within(row('Plain.csv')).queryByRole('link', { name: 'Instructions' })).toBeNull();
    fireEvent.click(within(row('Products.csv')).getByRole('button', { name: contextMessages.copyTemplate }));
    expect(open).toHaveBeenCalledWith(
      'https://files.example.com/template.csv',
      '_blank',
      'noopener,noreferrer',
    );
    expect(within(row('Products.csv')).getByRole('link', { name: 'Instructions' }).getAttribute('href')).toBe(
      'https://help.example.com/csv',
    );
  });

  it('asks to save the app first when it has no id yet', () => {
    const onSaveApp = vi.fn();
    const api = mockApi({});
    renderWithProviders(
      <DataSourcesPanel
        appId=""
        plan="explorer"
        isAdmin={false}
        onUpgrade={() => {}}
        onSaveApp={onSaveApp}
      />,
    );
    expect(screen.getByText(contextMessages.saveFirst)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: contextMessages.saveYourAi }));
    expect(onSaveApp).toHaveBeenCalled();
    expect(api.requests).toHaveLength(0);
  });
});

describe('Custom data source panel: banners', () => {
  it('the monthly limit banner offers Show plans', async () => {
    mockApi({ [ITEMS]: itemsReply([makeItem()], true) });
    const { onUpgrade } = setup();
    const banner = await screen.findByTestId('data-limit-banner');
    expect(within(banner).getByText(errorCatalogue['context/data-limit'].message)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: contextMessages.showPlans }));
    expect(onUpgrade).toHaveBeenCalledTimes(1);
  });

  it('on the monetizer plan it reads “If you need more space, let us know.” without Show plans', async () => {
    mockApi({ [ITEMS]: itemsReply([makeItem()], true) });
    setup({ plan: 'monetizer' });
    const banner = await screen.findByTestId('data-limit-banner');
    expect(within(banner).getByText(contextMessages.moreSpace)).toBeTruthy();
    expect(within(banner).queryByRole('button', { name: contextMessages.showPlans })).toBeNull();
  });

  it('no banner while under the limit', async () => {
    mockApi({ [ITEMS]: itemsReply([makeItem()]) });
    setup({ plan: 'explorer' });
    await screen.findByText('Products.csv');
    expect(screen.queryByTestId('data-limit-banner')).toBeNull();
    expect(screen.queryByTestId('upgrade-banner')).toBeNull();
  });

  it('lite with its one item shows the upgrade banner', async () => {
    mockApi({ [ITEMS]: itemsReply([makeItem()]) });
    const { onUpgrade } = setup({ plan: 'lite' });
    const banner = await screen.findByTestId('upgrade-banner');
    expect(within(banner).getByText(errorCatalogue['context/item-limit'].message)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalled();
  });
});

describe('Custom data source panel: actions', () => {
  it('renames an item through the dialog, sending PATCH with the new name', async () => {
    const api = mockApi({
      [ITEMS]: itemsReply([makeItem()]),
      'PATCH /api/context/c1': { body: makeItem({ name: 'Catalogue' }) },
    });
    setup();
    await screen.findByText('Products.csv');
    openMenu('Products.csv', 'Rename');
    const input = await screen.findByLabelText('Name');
    expect((input as HTMLInputElement).value).toBe('Products.csv');
    fireEvent.change(input, { target: { value: '  Catalogue ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Catalogue')).toBeTruthy();
    expect(api.to('PATCH /api/context/c1')[0]!.body).toEqual({ name: 'Catalogue' });
    expect(screen.getByText('Item renamed')).toBeTruthy();
  });

  it('a failed rename toasts the spec’s message and keeps the name', async () => {
    mockApi({
      [ITEMS]: itemsReply([makeItem()]),
      'PATCH /api/context/c1': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    setup();
    await screen.findByText('Products.csv');
    openMenu('Products.csv', 'Rename');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'New' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(contextMessages.renameFailed)).toBeTruthy();
    // the dialog stays open to try again; the row keeps its name
    expect(screen.getByRole('dialog', { name: 'Rename item' })).toBeTruthy();
    expect(screen.getByTitle('Products.csv')).toBeTruthy();
  });

  it('deletes an item after confirming', async () => {
    const api = mockApi({
      [ITEMS]: itemsReply([makeItem(), makeItem({ id: 'c2', name: 'Other.csv' })]),
      'DELETE /api/context/c1': { status: 204 },
    });
    setup();
    await screen.findByText('Products.csv');
    openMenu('Products.csv', 'Delete');
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Delete “Products.csv”?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Products.csv' })).toBeNull());
    expect(api.to('DELETE /api/context/c1')).toHaveLength(1);
    expect(rows()).toHaveLength(1);
  });

  it('a failed delete toasts the spec’s message and keeps the item', async () => {
    mockApi({
      [ITEMS]: itemsReply([makeItem()]),
      'DELETE /api/context/c1': { status: 500, body: { error: { code: 'internal', message: 'x' } } },
    });
    setup();
    await screen.findByText('Products.csv');
    openMenu('Products.csv', 'Delete');
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(contextMessages.deleteFailed)).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Products.csv', hidden: true })).toBeTruthy();
  });

  it('shows the note the server gives a synced item', async () => {
    const note = 'Synced for search by words only: the embedding model answers vectors of 768 values';
    mockEventStream(mockApi({ [ITEMS]: [itemsReply([makeItem({ status: 'synced', errorMessage: note })])] }));
    setup();
    expect(await screen.findByText(note)).toBeTruthy();
    expect(within(row('Products.csv')).getByText(note)).toBeTruthy();
    expect(within(row('Products.csv')).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('retries a failed item: POST retry, and it reads Pending', async () => {
    const api = mockApi({
      // the list as the server has it: failed, then pending again after the retry
      [ITEMS]: [
        itemsReply([makeItem({ status: 'error', errorMessage: 'The file could not be read' })]),
        itemsReply([makeItem({ status: 'pending' })]),
      ],
      'POST /api/context/c1/retry': { body: makeItem({ status: 'pending' }) },
    });
    mockEventStream(api);
    setup();
    expect(await screen.findByText('The file could not be read')).toBeTruthy();
    expect(within(row('Products.csv')).getByText('Error')).toBeTruthy();
    fireEvent.click(within(row('Products.csv')).getByRole('button', { name: 'Retry' }));
    expect(await within(row('Products.csv')).findByText('Pending')).toBeTruthy();
    expect(api.to('POST /api/context/c1/retry')).toHaveLength(1);
    expect(within(row('Products.csv')).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('replaces a file: uploads the new file, then asks the server to put it in the old one’s place', async () => {
    useFakeXhr();
    const api = mockApi({
      [ITEMS]: [itemsReply([makeItem()]), itemsReply([makeItem({ id: 'c9', name: 'Prices.csv' })])],
      'POST /api/tools/a1/replaceDataItem': { body: { contextItemId: 'c9' } },
    });
    setup();
    await screen.findByText('Products.csv');
    openMenu('Products.csv', contextMessages.replaceFile);
    const dialog = await screen.findByRole('dialog', { name: contextMessages.title });
    expect(within(dialog).getByText('Upload a new file to replace “Products.csv”.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Choose a file').getAttribute('accept')).toBe('.csv');
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    const xhr = await sentUpload();
    expect(xhr.url).toBe('/api/context/ingest/file?appId=a1');
    await xhr.respond(201, { contextItemId: 'c9' });
    await waitFor(() => expect(api.to('POST /api/tools/a1/replaceDataItem')).toHaveLength(1));
    expect(api.to('POST /api/tools/a1/replaceDataItem')[0]!.body).toEqual({
      oldItemId: 'c1',
      newItemId: 'c9',
    });
    expect(await screen.findByText('Prices.csv')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failed replace toasts the spec’s message and discards the new upload', async () => {
    useFakeXhr();
    const api = mockApi({
      [ITEMS]: itemsReply([makeItem()]),
      'POST /api/tools/a1/replaceDataItem': {
        status: 500,
        body: { error: { code: 'internal', message: 'x' } },
      },
      'DELETE /api/context/c9': { status: 204 },
    });
    setup();
    await screen.findByText('Products.csv');
    openMenu('Products.csv', contextMessages.replaceFile);
    const dialog = await screen.findByRole('dialog', { name: contextMessages.title });
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Replace' }));
    await (await sentUpload()).respond(201, { contextItemId: 'c9' });
    expect(await screen.findByText(contextMessages.replaceFailed)).toBeTruthy();
    await waitFor(() => expect(api.to('DELETE /api/context/c9')).toHaveLength(1));
  });
});

describe('Custom data source panel: live status', () => {
  it('opens the status stream while an item syncs, turns Syncing... into Synced, then closes it', async () => {
    const api = mockApi({ [ITEMS]: itemsReply([makeItem({ status: 'running', numOfChunks: 0 })]) });
    const stream = mockEventStream(api);
    setup();
    expect(
      await within(await screen.findByRole('listitem', { name: 'Products.csv' })).findByText('Syncing...'),
    );
    await waitFor(() => expect(stream.opened).toHaveLength(1));
    expect(stream.opened[0]!.headers.accept).toBe('text/event-stream');
    await stream.send({ id: 'c1', status: 'synced', numOfChunks: 7, lastSyncedAt: new Date().toISOString() });
    expect(await within(row('Products.csv')).findByText('Synced')).toBeTruthy();
    expect(within(row('Products.csv')).getByText('7 items')).toBeTruthy();
    expect(within(row('Products.csv')).queryByText('Syncing...')).toBeNull();
    await waitFor(() => expect(stream.opened[0]!.signal?.aborted).toBe(true));
  });

  it('an event for an item the list does not know asks for the list again', async () => {
    const api = mockApi({
      [ITEMS]: [
        itemsReply([makeItem({ status: 'pending' })]),
        itemsReply([
          makeItem({ id: 'c2', name: 'New.csv', status: 'running' }),
          makeItem({ status: 'pending' }),
        ]),
      ],
    });
    const stream = mockEventStream(api);
    setup();
    await screen.findByText('Products.csv');
    await waitFor(() => expect(stream.opened).toHaveLength(1));
    await stream.send({ id: 'c2', status: 'running' });
    expect(await screen.findByText('New.csv')).toBeTruthy();
    expect(api.to(ITEMS)).toHaveLength(2);
  });

  it('nothing live: no stream is opened', async () => {
    const api = mockApi({ [ITEMS]: itemsReply([makeItem()]) });
    const stream = mockEventStream(api);
    setup();
    await screen.findByText('Products.csv');
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(stream.opened).toHaveLength(0);
  });

  it('closes the stream when the panel goes away', async () => {
    const api = mockApi({ [ITEMS]: itemsReply([makeItem({ status: 'pending' })]) });
    const stream = mockEventStream(api);
    const { unmount } = setup();
    await waitFor(() => expect(stream.opened).toHaveLength(1));
    unmount();
    expect(stream.opened[0]!.signal?.aborted).toBe(true);
  });

  it('falls back to asking every 3 s when the stream fails', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = mockApi({
      [ITEMS]: [itemsReply([makeItem({ status: 'running' })]), itemsReply([makeItem({ status: 'synced' })])],
    });
    const stream = mockEventStream(api, { status: 503 });
    setup();
    expect(await screen.findByText('Syncing...')).toBeTruthy();
    await waitFor(() => expect(stream.opened).toHaveLength(1));
    expect(api.to(ITEMS)).toHaveLength(1);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3100);
    });
    expect(await screen.findByText('Synced')).toBeTruthy();
    expect(api.to(ITEMS)).toHaveLength(2);
    // nothing is live any more: no more polling
    await act(async () => {
      await vi.advanceTimersByTimeAsync(7000);
    });
    expect(api.to(ITEMS)).toHaveLength(2);
  });
});
