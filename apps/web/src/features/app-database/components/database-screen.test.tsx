import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError, databaseTexts, permissionChangeMessage } from '@buildai/domain';
import { errorReply, mockApi } from '@/test/mock-api';
import { ENTITIES, layOutGrid, record, records, renderScreen, taskSchema } from '../test/database-fixtures';

afterEach(() => vi.unstubAllGlobals());
layOutGrid();

const LIST = `GET ${records('Task')}`;
const grid = () => screen.getByRole('grid', { name: 'Task records' });
/** The cell of `column` (by its position among the headers) in the row holding `text`. */
function cellOf(rowText: string, column: string) {
  const headers = within(grid()).getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent?.includes(column));
  const row = within(grid())
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(rowText))!;
  return within(row).getAllByRole('gridcell')[index]!;
}

function serve(extra: Parameters<typeof mockApi>[0] = {}, recs = [record()]) {
  return mockApi({
    [ENTITIES]: {
      body: {
        entities: [
          { name: 'Task', schema: taskSchema },
          { name: 'Note', schema: { properties: { text: { type: 'string' } } } },
        ],
      },
    },
    [LIST]: { body: { records: recs, nextCursor: null } },
    [`GET ${records('Note')}`]: { body: { records: [], nextCursor: null } },
    ...extra,
  });
}

describe('the database screen', { timeout: 20_000 }, () => {
  it("shows 'No entities yet, use the chat to create one' without entities", async () => {
    mockApi({ [ENTITIES]: { body: { entities: [] } } });
    renderScreen();
    expect(await screen.findByText(databaseTexts.noEntities)).toBeTruthy();
  });

  it('shows the error with Try again when the entities cannot be read', async () => {
    const api = mockApi({ [ENTITIES]: [errorReply('internal'), { body: { entities: [] } }] });
    renderScreen();
    expect(await screen.findByText('The database could not be loaded')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(databaseTexts.noEntities)).toBeTruthy();
    expect(api.requests.filter((r) => r.path.endsWith('/entities'))).toHaveLength(2);
  });

  it('lists the entities and opens the first as a table with Created At and User ID, read-only', async () => {
    serve();
    renderScreen();
    const nav = await screen.findByRole('navigation', { name: 'Entities' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent?.replace(/\d+$/, '')),
    ).toEqual(['Task', 'Note']);
    expect(
      await within(await screen.findByRole('grid', { name: 'Task records' })).findByText('Buy milk'),
    ).toBeTruthy();
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(expect.arrayContaining(['title', 'count', 'Created At', 'User ID']));
    expect(cellOf('Buy milk', 'User ID').getAttribute('aria-readonly')).toBe('true');
    // the permission with its description
    expect(screen.getByRole('button', { name: 'Permissions: Creator Only' })).toBeTruthy();
    fireEvent.click(within(nav).getByRole('button', { name: /Note/ }));
    expect(await screen.findByText('No rows yet')).toBeTruthy();
  });

  it("a boolean cell flips at once: 'true' (text) reads as true and saves false", async () => {
    const api = serve({ [`PATCH ${records('Task')}/r1`]: { body: record({ done: false }) } });
    renderScreen();
    await within(await screen.findByRole('grid')).findByText('Buy milk');
    expect(within(cellOf('Buy milk', 'done')).getByLabelText('true')).toBeTruthy();
    fireEvent.click(cellOf('Buy milk', 'done'));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ done: false }),
    );
    expect(within(cellOf('Buy milk', 'done')).getByLabelText('false')).toBeTruthy();
  });

  it('a number is saved as a number on Enter; Escape cancels', async () => {
    const api = serve({ [`PATCH ${records('Task')}/r1`]: { body: record({ count: 42 }) } });
    renderScreen();
    await screen.findByText('Buy milk');
    fireEvent.click(cellOf('Buy milk', 'count'));
    const input = screen.getByRole('textbox', { name: 'count' });
    fireEvent.change(input, { target: { value: '7' } });
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('textbox', { name: 'count' })).toBeNull();
    fireEvent.click(cellOf('Buy milk', 'count'));
    fireEvent.change(screen.getByRole('textbox', { name: 'count' }), { target: { value: 'abc' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'count' }), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Enter a number');
    fireEvent.change(screen.getByRole('textbox', { name: 'count' }), { target: { value: '42' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'count' }), { key: 'Enter' });
    await waitFor(() =>
      expect(api.requests.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ count: 42 }]),
    );
  });

  it("a text cell commits on blur and shows '{n} characters max' at the schema's limit", async () => {
    const api = serve({ [`PATCH ${records('Task')}/r1`]: { body: record({ title: 'x'.repeat(20) }) } });
    renderScreen();
    await screen.findByText('Buy milk');
    fireEvent.click(cellOf('Buy milk', 'title'));
    const input = screen.getByRole('textbox', { name: 'title' });
    fireEvent.change(input, { target: { value: 'x'.repeat(20) } });
    expect(screen.getByText('20 characters max')).toBeTruthy();
    fireEvent.blur(input);
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ title: 'x'.repeat(20) }),
    );
  });

  it("a failed edit puts the value back and shows 'Failed to update row'", async () => {
    serve({ [`PATCH ${records('Task')}/r1`]: errorReply('request/invalid') });
    renderScreen();
    await screen.findByText('Buy milk');
    fireEvent.click(cellOf('Buy milk', 'title'));
    fireEvent.change(screen.getByRole('textbox', { name: 'title' }), { target: { value: 'Buy bread' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'title' }), { key: 'Enter' });
    expect(await screen.findByText(databaseTexts.updateRowFailed)).toBeTruthy();
    expect(await within(grid()).findByText('Buy milk')).toBeTruthy();
    expect(within(grid()).queryByText('Buy bread')).toBeNull();
  });

  it("long text opens the modal editor; JSON is checked ('Invalid JSON: …') and empty saves null", async () => {
    const api = serve({ [`PATCH ${records('Task')}/r1`]: { body: record() } });
    renderScreen();
    await screen.findByText('Buy milk');
    fireEvent.click(cellOf('Buy milk', 'notes'));
    const dialog = screen.getByRole('dialog', { name: 'notes' });
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toContain('over fifty');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(cellOf('Buy milk', 'meta'));
    const json = screen.getByRole('dialog', { name: 'meta' });
    fireEvent.change(within(json).getByRole('textbox'), { target: { value: '{bad' } });
    fireEvent.click(within(json).getByRole('button', { name: 'Save' }));
    expect(within(json).getByRole('alert').textContent).toMatch(/^Invalid JSON: /);
    fireEvent.change(within(json).getByRole('textbox'), { target: { value: '' } });
    fireEvent.click(within(json).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ meta: null }));
  });

  it('a select offers the enum with its colours; a new option is asked of the chat, empty text ignored', async () => {
    const api = serve({ [`PATCH ${records('Task')}/r1`]: { body: record({ status: 'doing' }) } });
    const { props } = renderScreen();
    await screen.findByText('Buy milk');
    fireEvent.click(cellOf('Buy milk', 'status'));
    const list = await screen.findByRole('listbox', { name: 'status' });
    const doing = within(list).getByRole('option', { name: 'doing' });
    expect((doing.firstElementChild as HTMLElement).style.backgroundColor).toMatch(/^rgb/);
    fireEvent.change(screen.getByRole('textbox', { name: 'New option' }), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask the chat to add this option' }));
    expect(props.requestChat).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: 'New option' }), { target: { value: 'blocked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ask the chat to add this option' }));
    expect(props.requestChat).toHaveBeenCalledWith(
      'Please add the option "blocked" to the field "status" of the entity "Task".',
    );
    fireEvent.click(within(list).getByRole('option', { name: 'doing' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'PATCH')?.body).toEqual({ status: 'doing' }),
    );
  });

  it('a new row waits for its check mark: empty it cannot be saved, filled it is created, discarded it goes', async () => {
    const created = record({ id: 'r2', title: 'Walk the dog' });
    const api = serve({ [`POST ${records('Task')}`]: { body: created } });
    renderScreen();
    await screen.findByText('Buy milk');
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save row' }));
    expect(await screen.findByText(databaseTexts.emptyRow)).toBeTruthy();
    expect(api.requests.some((r) => r.method === 'POST')).toBe(false);

    const pendingRow = () =>
      within(grid())
        .getAllByRole('row')
        .find((r) => r.hasAttribute('data-pending'))!;
    const titleIndex = within(grid())
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'title');
    fireEvent.click(within(pendingRow()).getAllByRole('gridcell')[titleIndex]!);
    fireEvent.change(screen.getByRole('textbox', { name: 'title' }), { target: { value: 'Walk the dog' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'title' }), { key: 'Enter' });
    // nothing is sent until the check mark
    expect(api.requests.some((r) => r.method === 'POST' || r.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save row' }));
    await waitFor(() =>
      expect(api.requests.find((r) => r.method === 'POST')?.body).toEqual({
        fields: { title: 'Walk the dog' },
      }),
    );
    await waitFor(() =>
      expect(
        within(grid())
          .getAllByRole('row')
          .some((r) => r.hasAttribute('data-pending')),
      ).toBe(false),
    );
    expect(within(grid()).getByText('Walk the dog')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard row' }));
    expect(
      within(grid())
        .getAllByRole('row')
        .some((r) => r.hasAttribute('data-pending')),
    ).toBe(false);
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it("a failed create keeps the row and shows 'Failed to create row'", async () => {
    serve({ [`POST ${records('Task')}`]: errorReply('request/invalid') });
    renderScreen();
    await screen.findByText('Buy milk');
    fireEvent.click(screen.getByRole('button', { name: 'Add row' }));
    const pendingRow = () =>
      within(grid())
        .getAllByRole('row')
        .find((r) => r.hasAttribute('data-pending'))!;
    const doneIndex = within(grid())
      .getAllByRole('columnheader')
      .findIndex((h) => h.textContent === 'done');
    fireEvent.click(within(pendingRow()).getAllByRole('gridcell')[doneIndex]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save row' }));
    expect(await screen.findByText(databaseTexts.createRowFailed)).toBeTruthy();
    expect(pendingRow()).toBeTruthy();
  });

  it('refuses a permission change while the chat is busy; otherwise sends it through the chat', async () => {
    serve();
    const requestChat = vi
      .fn()
      .mockRejectedValueOnce(new Error('refused'))
      .mockRejectedValueOnce(new AppError('entity/permissions-chat-busy'))
      .mockResolvedValue(undefined);
    const { rerenderWith } = renderScreen({ chatBusy: true, requestChat });
    await screen.findByText('Buy milk');
    const choose = async (label: string) => {
      fireEvent.pointerDown(screen.getByRole('button', { name: /^Permissions:/ }), {
        button: 0,
        ctrlKey: false,
      });
      fireEvent.click(await screen.findByRole('menuitem', { name: new RegExp(label) }));
    };
    await choose('Public Read, Admin Write');
    expect(await screen.findByText(databaseTexts.permissionChatBusy)).toBeTruthy();
    expect(requestChat).not.toHaveBeenCalled();

    rerenderWith({ chatBusy: false, requestChat });
    await choose('Public Read, Admin Write');
    expect(await screen.findByText(databaseTexts.permissionRequestFailed)).toBeTruthy();
    // the server's lock saw a turn the panel had not reported
    await choose('Public Read, Admin Write');
    expect(await screen.findByText(databaseTexts.permissionChatBusy)).toBeTruthy();
    await choose('Admin Only Read');
    await waitFor(() =>
      expect(requestChat).toHaveBeenLastCalledWith(
        permissionChangeMessage('Task', 'Admin Only Read, Anonymous Write'),
        { type: 'permissions' },
      ),
    );
  });

  it('deletes the selected rows after confirming, and they leave the table', async () => {
    const api = serve(
      {
        [`DELETE ${records('Task')}/r1`]: { status: 204 },
        [`DELETE ${records('Task')}/r2`]: { status: 204 },
      },
      [record(), record({ id: 'r2', title: 'Walk the dog' }), record({ id: 'r3', title: 'Call mum' })],
    );
    renderScreen();
    await screen.findByText('Buy milk');
    const rowOf = (text: string) =>
      within(grid())
        .getAllByRole('row')
        .find((r) => r.textContent?.includes(text))!;
    fireEvent.click(within(rowOf('Buy milk')).getByRole('checkbox', { name: 'Select row' }));
    fireEvent.click(within(rowOf('Walk the dog')).getByRole('checkbox', { name: 'Select row' }));
    fireEvent.click(screen.getByRole('button', { name: /Delete 2/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(grid()).queryByText('Buy milk')).toBeNull());
    expect(within(grid()).queryByText('Walk the dog')).toBeNull();
    expect(within(grid()).getByText('Call mum')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      `${records('Task')}/r1`,
      `${records('Task')}/r2`,
    ]);
  });

  it('refetches the entities and the open table when the chat changed something', async () => {
    const api = serve();
    const { rerenderWith } = renderScreen();
    await screen.findByText('Buy milk');
    const count = () => api.requests.filter((r) => r.method === 'GET').length;
    const before = count();
    await act(async () => rerenderWith({ refreshKey: 1 }));
    await waitFor(() => expect(count()).toBe(before + 2));
  });
});
