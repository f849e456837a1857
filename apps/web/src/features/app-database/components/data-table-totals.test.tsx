import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { databaseTexts } from '@buildai/domain';
import { errorReply, mockApi, type SentRequest } from '@/test/mock-api';
import { ENTITIES, layOutGrid, record, records, renderScreen, taskSchema } from '../test/database-fixtures';

afterEach(() => vi.unstubAllGlobals());
layOutGrid();

const LIST = `GET ${records('Task')}`;
const grid = () => screen.getByRole('grid', { name: 'Task records' });
// more on the first page than the table shows and reads ahead, so it loads no more until scrolled
const FIRST = [
  record(),
  ...Array.from({ length: 59 }, (_, i) => record({ id: `r${i + 2}`, title: `Task ${i + 2}` })),
];
const REST = Array.from({ length: 5 }, (_, i) => record({ id: `r${i + 61}`, title: `Later ${i + 61}` }));

/** 65 records, 60 on the first page: the first page says there are 65 when asked (`total=true`). */
function serveFive(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [ENTITIES]: { body: { entities: [{ name: 'Task', schema: taskSchema }] } },
    [LIST]: (req: SentRequest) =>
      req.query.get('cursor')
        ? { body: { records: REST, nextCursor: null } }
        : {
            body: {
              records: FIRST,
              nextCursor: 'c1',
              ...(req.query.get('total') === 'true' ? { total: 65 } : {}),
            },
          },
    ...extra,
  });
}

describe('the data table with more records than it loaded (issue 32, item 10)', { timeout: 20_000 }, () => {
  it('says how many rows there are in all, not only how many loaded', async () => {
    const api = serveFive();
    renderScreen();
    await within(await screen.findByRole('grid')).findByText('Buy milk');
    expect(screen.getByTestId('table-count').textContent).toBe('60 of 65 rows');
    expect(
      api.requests.find((r) => r.method === 'GET' && r.path === records('Task'))!.query.get('total'),
    ).toBe('true');
  });

  it('offers every matching row once the loaded ones are selected, and deletes them all', async () => {
    const api = serveFive(
      Object.fromEntries(
        [...FIRST, ...REST].map((r) => [`DELETE ${records('Task')}/${r.id}`, { status: 204 }]),
      ),
    );
    renderScreen();
    await within(await screen.findByRole('grid')).findByText('Buy milk');
    fireEvent.click(within(grid()).getByRole('checkbox', { name: 'Select all rows' }));
    expect(screen.getByText('All 60 loaded rows are selected.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Delete 60/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Select all 65 rows' }));
    expect(await screen.findByText('All 65 rows are selected.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Delete 65/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.requests.filter((r) => r.method === 'DELETE')).toHaveLength(65), {
      timeout: 10_000,
    });
    await waitFor(() => expect(screen.getByTestId('table-count').textContent).toBe('0 rows'));
  });

  it('takes the failure toast away once a retry saves the new row', async () => {
    serveFive({
      [`POST ${records('Task')}`]: [
        errorReply('internal'),
        { status: 201, body: record({ id: 'r9', title: 'New' }) },
      ],
    });
    renderScreen();
    await within(await screen.findByRole('grid')).findByText('Buy milk');
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    const doneIndex = within(grid())
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'done');
    const pendingRow = () =>
      within(grid())
        .getAllByRole('row')
        .find((r) => r.hasAttribute('data-pending'));
    fireEvent.click(within(pendingRow()!).getAllByRole('gridcell')[doneIndex]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save row' }));
    expect(await screen.findByText(databaseTexts.createRowFailed)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save row' }));
    await waitFor(() => expect(pendingRow()).toBeUndefined());
    await waitFor(() => expect(screen.queryByText(databaseTexts.createRowFailed)).toBeNull());
    expect(screen.getByTestId('table-count').textContent).toBe('61 of 66 rows');
  });

  it("counts one failed import row as 'row'", () => {
    expect(databaseTexts.importPartlyFailed(1, 40)).toBe(
      'Import completed with 1 failed row out of 40 total.',
    );
    expect(databaseTexts.importPartlyFailed(2, 40)).toBe(
      'Import completed with 2 failed rows out of 40 total.',
    );
  });
});
