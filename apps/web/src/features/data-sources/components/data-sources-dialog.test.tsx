import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contextMessages, errorCatalogue } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import type { DataItem } from '../api/context-items';
import {
  csvFile,
  FakeXhr,
  sentUpload,
  itemsReply,
  makeItem,
  renderWithProviders,
  useFakeXhr,
} from '../test/data-sources-kit';
import { DataSourcesPanel } from './data-sources-panel';
import { HINT } from './data-sources-dialog';

const ITEMS = 'GET /api/context/items';

/** The panel with its list answered, and the dialog opened from Add data. */
async function openDialog(
  items: DataItem[] = [],
  {
    plan = 'explorer',
    limit = false,
    routes = {},
  }: { plan?: string; limit?: boolean; routes?: Parameters<typeof mockApi>[0] } = {},
) {
  const onUpgrade = vi.fn();
  const api = mockApi({
    [ITEMS]: [
      itemsReply(items, limit),
      itemsReply([makeItem({ id: 'new', name: 'Added', status: 'synced' })]),
    ],
    'POST /api/context/ingest/text': { status: 201, body: { contextItemId: 'new' } },
    ...routes,
  });
  const view = renderWithProviders(
    <DataSourcesPanel appId="a1" plan={plan} isAdmin={false} onUpgrade={onUpgrade} />,
  );
  await waitFor(() =>
    expect(screen.getAllByRole('button', { name: 'Add data' })[0]!.hasAttribute('disabled')).toBe(false),
  );
  fireEvent.click(screen.getAllByRole('button', { name: 'Add data' })[0]!);
  const dialog = await screen.findByRole('dialog', { name: contextMessages.title });
  return { ...view, api, dialog, onUpgrade };
}

const choose = (dialog: HTMLElement, title: string) =>
  fireEvent.click(within(dialog).getByRole('button', { name: new RegExp(`^${title}`) }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Data Sources dialog: options and text', () => {
  it('offers Text, Items List, Doc, PDF and Web page with the spec’s texts, and the hint', async () => {
    const { dialog } = await openDialog();
    const options = within(within(dialog).getByRole('group', { name: 'Kind of data' })).getAllByRole(
      'button',
    );
    expect(options.map((o) => o.textContent)).toEqual([
      `Text${contextMessages.textOption}`,
      `Items List${contextMessages.listOption}`,
      `Doc${contextMessages.docOption}`,
      'PDFUpload a PDF file',
      'Web pageImport the text of a website',
    ]);
    expect(within(dialog).getByText(HINT)).toBeTruthy();
    expect(options[0]!.getAttribute('aria-pressed')).toBe('true');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('empty text: “Please enter some text” and nothing is sent', async () => {
    const { dialog, api } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(contextMessages.enterText),
    );
    expect(api.to('POST /api/context/ingest/text')).toHaveLength(0);
  });

  it('Apply sends the text, closes the dialog and refetches the list', async () => {
    const { dialog, api } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'We open at 9.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.to('POST /api/context/ingest/text')[0]!;
    expect(sent.query.get('appId')).toBe('a1');
    expect(sent.body).toEqual({ context: 'We open at 9.' });
    expect(await screen.findByText('Added')).toBeTruthy();
    expect(api.to(ITEMS)).toHaveLength(2);
  });

  it('a failed save toasts “Error saving data…”', async () => {
    const { dialog, api } = await openDialog();
    api.fetchMock.mockImplementationOnce(
      async () =>
        new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 }),
    );
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(contextMessages.saveFailed)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: contextMessages.title })).toBeTruthy();
    // the text stays to be sent again, and the button is back
    expect((within(dialog).getByLabelText('Text') as HTMLTextAreaElement).value).toBe('Hello');
    expect((within(dialog).getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the empty-text message goes once text is typed, and stays off another option', async () => {
    const { dialog, api } = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(contextMessages.enterText),
    );
    expect(within(dialog).getByLabelText('Text').getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Hi' } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: '' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(contextMessages.enterText),
    );
    choose(dialog, 'Web page');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.to('POST /api/context/ingest/text')).toHaveLength(0);
  });

  it('a plan limit shows the server’s message with Upgrade', async () => {
    const { dialog, api, onUpgrade } = await openDialog();
    const limit = errorReply('context/item-limit');
    api.fetchMock.mockImplementationOnce(
      async () => new Response(JSON.stringify(limit.body), { status: limit.status }),
    );
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    const banner = await within(dialog).findByTestId('upgrade-banner');
    expect(within(banner).getByText(errorCatalogue['context/item-limit'].message)).toBeTruthy();
    fireEvent.click(within(banner).getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalled();
  });

  it('Cancel closes the dialog without sending anything', async () => {
    const { dialog, api } = await openDialog();
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.to('POST /api/context/ingest/text')).toHaveLength(0);
  });
});

describe('Data Sources dialog: files', () => {
  it('filters the picker by option', async () => {
    const { dialog } = await openDialog();
    choose(dialog, 'Items List');
    expect(within(dialog).getByLabelText('Choose a file').getAttribute('accept')).toBe('.csv');
    choose(dialog, 'Doc');
    expect(within(dialog).getByLabelText('Choose a file').getAttribute('accept')).toBe('.doc,.docx');
    choose(dialog, 'PDF');
    expect(within(dialog).getByLabelText('Choose a file').getAttribute('accept')).toBe('.pdf');
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('no file: “Please upload a file”', async () => {
    useFakeXhr();
    const { dialog } = await openDialog();
    choose(dialog, 'Items List');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(contextMessages.uploadFile),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses a wrong type or a file over the plan’s size before sending', async () => {
    useFakeXhr();
    const { dialog } = await openDialog([], { plan: 'lite' });
    choose(dialog, 'Items List');
    const input = within(dialog).getByLabelText('Choose a file');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.pdf')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe('Choose a CSV file'));
    fireEvent.change(input, { target: { files: [csvFile('Big.csv', 6 * 1024 * 1024)] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe(
        'Failed to upload context, file size is too big (max 5 MB)',
      ),
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('uploads with a progress bar, then refetches the list', async () => {
    useFakeXhr();
    const { dialog, api } = await openDialog();
    choose(dialog, 'Items List');
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), { target: { files: [csvFile()] } });
    expect(within(dialog).getByText('Prices.csv')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const xhr = await sentUpload();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/context/ingest/file?appId=a1');
    expect((xhr.body!.get('file') as File).name).toBe('Prices.csv');
    xhr.progress(30, 100);
    expect(within(dialog).getByText('30%')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Upload progress' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Uploading…' }).hasAttribute('disabled')).toBe(true);
    await xhr.respond(201, { contextItemId: 'new' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Added')).toBeTruthy();
    expect(api.to(ITEMS)).toHaveLength(2);
  });

  it.each([
    [
      'file-too-big',
      400,
      { code: 'file-too-big', message: contextMessages.tooBig('10 MB') },
      'Failed to upload context, file size is too big (max 10 MB)',
    ],
    [
      'csv-invalid',
      400,
      { code: 'context/csv-invalid', message: 'bad' },
      'Failed to upload context, make sure your CSV file has column headers and a few rows',
    ],
    ['other', 500, { code: 'internal', message: 'x' }, 'Failed to upload context, try again later'],
    [
      'unsupported',
      400,
      { code: 'context/unsupported-type', message: 'x' },
      'Failed to upload context, try again later',
    ],
  ])('maps an upload error (%s) to its toast', async (_name, status, error, message) => {
    useFakeXhr();
    const { dialog } = await openDialog();
    choose(dialog, 'Items List');
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), { target: { files: [csvFile()] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await (await sentUpload()).respond(status, { error });
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: contextMessages.title })).toBeTruthy();
  });

  it('a file limit shows the server’s message with Upgrade', async () => {
    useFakeXhr();
    const { dialog } = await openDialog();
    choose(dialog, 'PDF');
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), {
      target: { files: [new File(['%PDF'], 'Guide.pdf')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await (await sentUpload()).respond(403, errorReply('context/file-limit').body);
    const banner = await within(dialog).findByTestId('upgrade-banner');
    expect(within(banner).getByText(errorCatalogue['context/file-limit'].message)).toBeTruthy();
  });

  it('Cancel during an upload stops it', async () => {
    useFakeXhr();
    const { dialog } = await openDialog();
    choose(dialog, 'Doc');
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), {
      target: { files: [new File(['x'], 'Handbook.docx')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const xhr = await sentUpload();
    expect((within(dialog).getByRole('button', { name: 'Uploading…' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(xhr.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('Cancel before the upload starts: nothing is sent', async () => {
    useFakeXhr();
    const { dialog } = await openDialog();
    choose(dialog, 'Doc');
    fireEvent.change(within(dialog).getByLabelText('Choose a file'), {
      target: { files: [new File(['x'], 'Handbook.docx')] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(FakeXhr.sent).toHaveLength(0);
  });
});

describe('Data Sources dialog: web page, tiles and limits', () => {
  it('imports a web page by its address', async () => {
    const { dialog, api } = await openDialog([], {
      routes: { 'POST /api/context/ingest/web': { status: 201, body: { contextItemId: 'w1' } } },
    });
    choose(dialog, 'Web page');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Please enter the address of a web page'),
    );
    fireEvent.change(within(dialog).getByLabelText('Web page address'), {
      target: { value: 'example.com/about' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = api.to('POST /api/context/ingest/web')[0]!;
    expect(sent.query.get('appId')).toBe('a1');
    expect(sent.body).toEqual({ url: 'https://example.com/about' });
  });

  it('a refused address shows the server’s message; a server failure the spec’s upload error', async () => {
    const { dialog, api } = await openDialog();
    const refused = errorReply('context/url-refused');
    api.fetchMock
      .mockImplementationOnce(
        async () => new Response(JSON.stringify(refused.body), { status: refused.status }),
      )
      .mockImplementationOnce(
        async () =>
          new Response(JSON.stringify({ error: { code: 'internal', message: 'x' } }), { status: 500 }),
      );
    choose(dialog, 'Web page');
    fireEvent.change(within(dialog).getByLabelText('Web page address'), {
      target: { value: 'http://10.0.0.1' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(errorCatalogue['context/url-refused'].message)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(contextMessages.uploadError)).toBeTruthy();
  });

  it('shows the existing items as tiles with rename and delete', async () => {
    const { dialog } = await openDialog([
      makeItem(),
      makeItem({ id: 'c2', name: 'FAQ', type: 'txt', status: 'error' }),
    ]);
    const tiles = within(dialog).getAllByTestId('data-tile');
    expect(tiles.map((t) => t.querySelector('p')?.textContent)).toEqual(['Products.csv', 'FAQ']);
    expect(within(tiles[1]!).getByText('Error')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename FAQ' }));
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('FAQ');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename item' })).toBeNull());
    fireEvent.click(
      within(screen.getByRole('dialog', { name: contextMessages.title })).getByRole('button', {
        name: 'Delete FAQ',
      }),
    );
    expect(await screen.findByText('Delete “FAQ”?')).toBeTruthy();
  });

  it('lite with its one item: the upgrade banner, and nothing more can be added', async () => {
    const { dialog } = await openDialog([makeItem()], { plan: 'lite' });
    expect(
      within(within(dialog).getByTestId('upgrade-banner')).getByText(
        errorCatalogue['context/item-limit'].message,
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply' }).hasAttribute('disabled')).toBe(true);
  });

  it('the monthly limit banner shows in the dialog too', async () => {
    const { dialog, onUpgrade } = await openDialog([makeItem()], { limit: true });
    fireEvent.click(
      within(within(dialog).getByTestId('data-limit-banner')).getByRole('button', {
        name: contextMessages.showPlans,
      }),
    );
    expect(onUpgrade).toHaveBeenCalled();
  });
});

describe('Data Sources dialog: test retrieval', { timeout: 20_000 }, () => {
  it('shows what each method returns for a question, with scores, and says why a method is off', async () => {
    const { api, dialog } = await openDialog([makeItem()], {
      routes: {
        'POST /api/context/test-retrieval': {
          body: {
            query: 'price of oolong',
            appMethod: 'hybrid',
            results: [
              {
                method: 'fulltext',
                available: true,
                reason: null,
                passages: [
                  {
                    itemId: 'c1',
                    itemName: 'Products.csv',
                    chunkId: 'k1',
                    content: 'Oolong, 4 euros a pot',
                    score: 0.0607927,
                  },
                ],
              },
              {
                method: 'vector',
                available: false,
                reason: 'This database has no pgvector.',
                passages: [],
              },
              { method: 'hybrid', available: true, reason: null, passages: [] },
            ],
          },
        },
      },
    });
    const section = within(dialog).getByRole('region', { name: 'Test retrieval' });
    // a blank question is refused before anything is sent
    fireEvent.click(within(section).getByRole('button', { name: 'Test' }));
    expect(within(section).getByRole('alert').textContent).toBe('Write a question to test');
    expect(api.to('POST /api/context/test-retrieval')).toHaveLength(0);

    fireEvent.change(within(section).getByLabelText('Test question'), {
      target: { value: ' price of oolong ' },
    });
    fireEvent.click(within(section).getByRole('button', { name: 'Test' }));
    const fulltext = await within(section).findByRole('region', { name: 'Full text results' });
    expect(api.to('POST /api/context/test-retrieval')[0]!.body).toEqual({
      appId: 'a1',
      query: 'price of oolong',
    });
    expect(within(fulltext).getByText('Oolong, 4 euros a pot')).toBeTruthy();
    expect(within(fulltext).getByTitle('Score').textContent).toBe('0.0608');
    const vector = within(section).getByRole('region', { name: 'Vector results' });
    expect(within(vector).getByText(/This database has no pgvector/)).toBeTruthy();
    const hybrid = within(section).getByRole('region', { name: 'Hybrid results' });
    expect(within(hybrid).getByText('Used by your runs')).toBeTruthy();
    expect(within(hybrid).getByText('No passage matches this question.')).toBeTruthy();
  });
});
