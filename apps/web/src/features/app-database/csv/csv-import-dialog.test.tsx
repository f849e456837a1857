import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseTexts, type EntitySchema } from '@buildai/domain';
import { errorReply, mockApi, type Reply, type SentRequest } from '@/test/mock-api';
import { CsvImportDialog } from './index';
import { UPLOAD_TEXTS } from './upload-step';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    price: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
  },
};
const BULK = 'POST /api/apps/a1/entities/Product/records/bulk';
const MAPPING = 'POST /api/csv/generateMapping';

const csvOf = (rows: number) =>
  [
    'Title,Price,Tags,Notes',
    ...Array.from({ length: rows }, (_, i) => `Item ${i + 1},${i + 1},"a,b",n`),
  ].join('\n');
const bulkOk = (req: SentRequest): Reply => {
  const records = (req.body as { records: unknown[] }).records;
  return { body: { created: records.map((_, i) => `r${i}`), failed: [] } };
};

function renderDialog() {
  const onOpenChange = vi.fn();
  const onImported = vi.fn();
  render(
    <CsvImportDialog
      appId="a1"
      entity="Product"
      schema={schema}
      open
      onOpenChange={onOpenChange}
      onImported={onImported}
    />,
  );
  return { onOpenChange, onImported, dialog: screen.getByRole('dialog') };
}

function pick(text: string | Uint8Array, name = 'products.csv') {
  const input = screen.getByLabelText('Choose a CSV file');
  fireEvent.change(input, { target: { files: [new File([text as BlobPart], name, { type: 'text/csv' })] } });
}

/** Picks a file and waits for the mapping rows. */
async function toMapping(text: string) {
  pick(text);
  return screen.findByRole('list', { name: 'Column mapping' });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CSV import wizard: upload', () => {
  it('takes .csv files only', async () => {
    const api = mockApi({});
    renderDialog();
    pick('a,b\n1,2', 'data.xlsx');
    expect(await screen.findByText(UPLOAD_TEXTS.onlyCsv)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it.each([
    ['an empty file', '', databaseTexts.csvEmpty],
    ['headers only', 'title,price\n', databaseTexts.csvNoRows],
    ['an unclosed quote', 'title\n"never closed\nx', databaseTexts.csvParseFailed],
  ])("shows the spec's message for %s", async (_what, text, message) => {
    mockApi({});
    renderDialog();
    pick(text);
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it('takes a dropped file', async () => {
    mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    renderDialog();
    const file = new File([csvOf(1)], 'dropped.csv');
    fireEvent.drop(screen.getByTestId('csv-drop-zone'), { dataTransfer: { files: [file] } });
    expect(await screen.findByRole('list', { name: 'Column mapping' })).toBeTruthy();
    expect(screen.getByText(/dropped\.csv · 1 row\./)).toBeTruthy();
  });
});

describe('CSV import wizard: mapping', () => {
  it('asks for a mapping with the first 5 rows and shows it', async () => {
    const api = mockApi({
      [MAPPING]: {
        body: {
          mappings: [
            { csvHeader: 'Title', schemaField: 'title', dataType: 'text' },
            { csvHeader: 'Price', schemaField: 'price', dataType: 'number' },
            { csvHeader: 'Tags', schemaField: 'tags', dataType: 'text', splitCharacter: ';' },
            { csvHeader: 'Notes', schemaField: '', dataType: 'text' },
          ],
        },
      },
    });
    renderDialog();
    await toMapping(csvOf(8));
    const [sent] = api.to(MAPPING);
    expect(sent!.body).toEqual({
      headers: ['Title', 'Price', 'Tags', 'Notes'],
      previewData: [1, 2, 3, 4, 5].map((i) => [`Item ${i}`, String(i), 'a,b', 'n']),
      schema,
      entityName: 'Product',
    });
    expect(screen.queryByText(databaseTexts.mappingFallback)).toBeNull();
    expect((screen.getByLabelText('Field for Title') as HTMLSelectElement).value).toBe('title');
    expect((screen.getByLabelText('Field for Notes') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Split character for Tags') as HTMLSelectElement).value).toBe(';');
    expect(screen.getByText('3 of 4 columns will be imported')).toBeTruthy();
  });

  it('falls back to the basic mapping and says so when the suggestion fails', async () => {
    mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    renderDialog();
    await toMapping(csvOf(2));
    expect(screen.getByText(databaseTexts.mappingFallback)).toBeTruthy();
    expect((screen.getByLabelText('Field for Title') as HTMLSelectElement).value).toBe('title');
    expect((screen.getByLabelText('Field for Price') as HTMLSelectElement).value).toBe('price');
    expect((screen.getByLabelText('Field for Tags') as HTMLSelectElement).value).toBe('tags');
    expect((screen.getByLabelText('Split character for Tags') as HTMLSelectElement).value).toBe(',');
    expect((screen.getByLabelText('Field for Notes') as HTMLSelectElement).value).toBe('');
    // the five split characters are offered
    const splits = within(screen.getByLabelText('Split character for Tags')).getAllByRole('option');
    expect(splits.map((o) => (o as HTMLOptionElement).value)).toEqual([',', ';', '|', '\n', '\t']);
  });

  it('moves a field from the column that had it, and offers no split for other fields', async () => {
    mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    renderDialog();
    await toMapping(csvOf(2));
    fireEvent.change(screen.getByLabelText('Field for Notes'), { target: { value: 'title' } });
    expect((screen.getByLabelText('Field for Title') as HTMLSelectElement).value).toBe('');
    expect((screen.getByLabelText('Field for Notes') as HTMLSelectElement).value).toBe('title');
    fireEvent.change(screen.getByLabelText('Field for Tags'), { target: { value: '' } });
    expect(screen.queryByLabelText('Split character for Tags')).toBeNull();
    expect((screen.getByLabelText('Data type for Tags') as HTMLSelectElement).disabled).toBe(true);
  });
});

describe('CSV import wizard: importing and done', () => {
  it('imports in batches of 10 rows, 3 at a time, then says all rows were imported', async () => {
    let inFlight = 0;
    let most = 0;
    const api = mockApi({
      [MAPPING]: errorReply('csv/mapping-failed'),
      [BULK]: async (req) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 10));
        inFlight--;
        return bulkOk(req);
      },
    });
    const { onImported } = renderDialog();
    await toMapping(csvOf(45));
    fireEvent.click(screen.getByRole('button', { name: 'Import 45 rows' }));
    expect(await screen.findByText(databaseTexts.importSucceeded(45))).toBeTruthy();
    const sizes = api.to(BULK).map((r) => (r.body as { records: unknown[] }).records.length);
    expect(sizes).toEqual([10, 10, 10, 10, 5]);
    expect(most).toBe(3);
    expect((api.to(BULK)[0]!.body as { records: unknown[] }).records[0]).toEqual({
      title: 'Item 1',
      price: 1,
      tags: ['a', 'b'],
    });
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('lists the rows the server refused, with their row numbers and messages', async () => {
    mockApi({
      [MAPPING]: errorReply('csv/mapping-failed'),
      [BULK]: {
        body: {
          created: ['r1', 'r2'],
          failed: [{ index: 1, message: 'price: must be a number' }],
        },
      },
    });
    const { onImported } = renderDialog();
    await toMapping(csvOf(3));
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByText(databaseTexts.importPartlyFailed(1, 3))).toBeTruthy();
    const failures = screen.getByRole('list', { name: 'Rows not imported' });
    expect(within(failures).getByText('Row 3')).toBeTruthy();
    expect(within(failures).getByText('price: must be a number')).toBeTruthy();
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it("says 'Failed to import data. Please try again.' when no request got through", async () => {
    const { fetchMock } = mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation((input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/bulk')
        ? Promise.reject(new TypeError('Failed to fetch'))
        : original(input, init),
    );
    const { onImported } = renderDialog();
    await toMapping(csvOf(12));
    fireEvent.click(screen.getByRole('button', { name: 'Import 12 rows' }));
    expect(await screen.findByText(databaseTexts.importFailed)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('cannot be dismissed while importing: no Escape, no outside click, no close or cancel button', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    mockApi({
      [MAPPING]: errorReply('csv/mapping-failed'),
      [BULK]: async (req) => (await held, bulkOk(req)),
    });
    const { onOpenChange, dialog } = renderDialog();
    await toMapping(csvOf(5));
    fireEvent.click(screen.getByRole('button', { name: 'Import 5 rows' }));
    expect(await screen.findByRole('progressbar', { name: 'Import progress' })).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await act(async () => release());
    expect(await screen.findByText(databaseTexts.importSucceeded(5))).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('Cancel closes the wizard', async () => {
    mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    const { onOpenChange } = renderDialog();
    await toMapping(csvOf(1));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});

describe('CSV import wizard: reading the file (issue 32)', () => {
  it('reads decimal commas from the whole column, says so, and fails the row it cannot read', async () => {
    const api = mockApi({ [MAPPING]: errorReply('csv/mapping-failed'), [BULK]: bulkOk });
    renderDialog();
    await toMapping('Title;Price\nLamp;0,611553068\nDesk;n/a\nChair;81,2');
    expect((screen.getByLabelText('Delimiter') as HTMLSelectElement).value).toBe(';');
    expect((screen.getByLabelText('Number format for Price') as HTMLSelectElement).value).toBe(',');
    fireEvent.click(screen.getByRole('button', { name: 'Import 3 rows' }));
    expect(await screen.findByText(databaseTexts.importPartlyFailed(1, 3))).toBeTruthy();
    expect(screen.getByText(/'n\/a' in Price is not a number/)).toBeTruthy();
    expect(api.to(BULK).flatMap((r) => (r.body as { records: unknown[] }).records)).toEqual([
      { title: 'Lamp', price: 0.611553068 },
      { title: 'Chair', price: 81.2 },
    ]);
  });

  it('asks for the delimiter when the file does not tell, and reads it again with the one chosen', async () => {
    mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    renderDialog();
    await toMapping('Title:Price\nLamp:3\nDesk:4');
    expect(screen.getByRole('alert').textContent).toContain(
      "We couldn't tell how this file's columns are separated",
    );
    expect((screen.getByRole('button', { name: 'Import 2 rows' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Delimiter'), { target: { value: '|' } });
    await screen.findByRole('list', { name: 'Column mapping' });
    expect((screen.getByLabelText('Delimiter') as HTMLSelectElement).value).toBe('|');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('keeps a column named id as external_id and says why', async () => {
    mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    renderDialog();
    await toMapping('id,Title\n17,Lamp');
    expect((screen.getByLabelText('Field for id') as HTMLSelectElement).value).toBe('external_id');
    expect(
      screen.getByText('Kept as external_id: the app database gives every record its own id.'),
    ).toBeTruthy();
  });

  // a generous bound on a shared machine (it took 151 s for 9,000 columns before); the 3 s target is measured in
  // Chromium by bench/csv-wide.ts
  it('reaches the mapping of 10,000 columns × 200 rows, showing the first 100', async () => {
    mockApi({ [MAPPING]: errorReply('csv/mapping-failed') });
    renderDialog();
    const header = Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',');
    const row = Array.from({ length: 10_000 }, (_, i) => String(i)).join(',');
    const text = [header, ...Array.from({ length: 200 }, () => row)].join('\n');
    const started = performance.now();
    await act(async () => pick(text, 'wide.csv'));
    await screen.findByRole('list', { name: 'Column mapping' }, { timeout: 20_000 });
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(screen.getByRole('button', { name: 'Show all 10000 columns (9900 more)' })).toBeTruthy();
  }, 40_000);
});
