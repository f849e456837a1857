import { expect, test, type Locator, type Page } from '@playwright/test';
import { databaseTexts, type EntityRecord, type EntitySchema } from '../../packages/domain/src/entities';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { signUpVerified } from '../support/auth';
import { newSpaceApp, tokenOf } from '../support/builder';
import { BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// The database screen of a space app (spec 001 §2–§5): an entity made through the entities API with the builder's
// token, then a row added, one cell of each type edited, and the row deleted, in the builder's workspace.

const schema: EntitySchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    count: { type: 'number' },
    done: { type: 'boolean' },
    status: { type: 'string', enum: ['todo', 'doing', 'done'] },
    tags: { type: 'array', items: { type: 'string', enum: ['home', 'work'] } },
    meta: { type: 'object' },
    due: { type: 'string', format: 'date-time' },
    coverImage: { type: 'string' },
  },
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

const llm = fakeLlmControl(LLM_URL);

/** The cell of `column` in the table's row `index` (0 is the first row under the header), found by its header. */
async function cell(grid: Locator, index: number, column: string): Promise<Locator> {
  const headers = await grid.getByRole('columnheader').allTextContents();
  const at = headers.findIndex((h) => h.trim() === column);
  expect(at, `column ${column}`).toBeGreaterThan(0);
  return grid.locator(`[role=row][aria-rowindex="${index + 2}"] > [role=gridcell]`).nth(at);
}

/** A 1×1 PNG. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Waits for the PATCH of the record that the action sends, and answers its body. */
async function patched(p: Page, action: () => Promise<void>): Promise<Record<string, unknown>> {
  const response = p.waitForResponse((r) => r.request().method() === 'PATCH' && /\/records\//.test(r.url()));
  await action();
  const answer = await response;
  expect(answer.status()).toBe(200);
  return answer.request().postDataJSON() as Record<string, unknown>;
}

test('a builder adds a row, edits a cell of each type and deletes the row on the database screen', async ({
  page: p,
  request,
}) => {
  test.setTimeout(120_000);
  await signUpVerified(p, uniqueEmail('database'), 'a long passphrase');
  const appId = await newSpaceApp(p);
  const token = await tokenOf(p);
  const api = (path: string) => `${BASE_URL}/api/apps/${appId}/entities${path}`;
  const headers = { Authorization: `Bearer ${token}` };
  const put = await request.put(api('/Task'), { headers, data: { schema } });
  expect(put.ok()).toBe(true);

  await p
    .getByRole('navigation', { name: 'App menu rail' })
    .getByRole('button', { name: 'Database' })
    .click();
  const database = p.getByRole('region', { name: 'Database' });
  const grid = database.getByRole('grid', { name: 'Task records' });
  await expect(grid).toBeVisible();
  await expect(database.getByText('No rows yet')).toBeVisible();
  await expect(database.getByRole('button', { name: 'Permissions: Creator Only' })).toBeVisible();

  // a new row: empty it cannot be saved; with a title it is created
  await database.getByRole('button', { name: 'Add row' }).click();
  await database.getByRole('button', { name: 'Save row' }).click();
  await expect(p.getByText(databaseTexts.emptyRow, { exact: true })).toBeVisible();
  await p.locator('[toast-close]').click();
  await (await cell(grid, 0, 'title')).click();
  await grid.getByRole('textbox', { name: 'title' }).fill('Water the plants');
  await grid.getByRole('textbox', { name: 'title' }).press('Enter');
  const created = p.waitForResponse((r) => r.request().method() === 'POST' && /\/records$/.test(r.url()));
  await database.getByRole('button', { name: 'Save row' }).click();
  expect((await created).status()).toBe(201);
  await expect(grid.locator('[data-pending]')).toHaveCount(0);
  await expect(await cell(grid, 0, 'title')).toHaveText('Water the plants');

  // text
  expect(
    await patched(p, async () => {
      await (await cell(grid, 0, 'title')).click();
      await grid.getByRole('textbox', { name: 'title' }).fill('Water the ferns');
      await grid.getByRole('textbox', { name: 'title' }).press('Enter');
    }),
  ).toEqual({ title: 'Water the ferns' });
  // number
  expect(
    await patched(p, async () => {
      await (await cell(grid, 0, 'count')).click();
      await grid.getByRole('textbox', { name: 'count' }).fill('3');
      await grid.getByRole('textbox', { name: 'count' }).press('Enter');
    }),
  ).toEqual({ count: 3 });
  // boolean
  expect(await patched(p, async () => (await cell(grid, 0, 'done')).click())).toEqual({ done: true });
  // select
  expect(
    await patched(p, async () => {
      await (await cell(grid, 0, 'status')).click();
      await p.getByRole('listbox', { name: 'status' }).getByRole('option', { name: 'doing' }).click();
    }),
  ).toEqual({ status: 'doing' });
  // multiselect: choices, then leaving the list saves them
  expect(
    await patched(p, async () => {
      await (await cell(grid, 0, 'tags')).click();
      const list = p.getByRole('listbox', { name: 'tags' });
      await list.getByRole('option', { name: 'home' }).click();
      await list.getByRole('option', { name: 'work' }).click();
      await database.getByRole('heading', { name: 'Database' }).click();
    }),
  ).toEqual({ tags: ['home', 'work'] });
  // json: invalid is refused in the modal, valid is saved
  expect(
    await patched(p, async () => {
      await (await cell(grid, 0, 'meta')).click();
      const dialog = p.getByRole('dialog', { name: 'meta' });
      await dialog.getByRole('textbox').fill('{"room": ');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByRole('alert')).toContainText('Invalid JSON: ');
      await dialog.getByRole('textbox').fill('{"room": "kitchen"}');
      await dialog.getByRole('button', { name: 'Save' }).click();
    }),
  ).toEqual({ meta: { room: 'kitchen' } });
  // datetime
  const due = await patched(p, async () => {
    await (await cell(grid, 0, 'due')).click();
    await grid.locator('input[type="datetime-local"]').fill('2026-05-01T10:30');
    await grid.locator('input[type="datetime-local"]').press('Enter');
  });
  expect(new Date(due.due as string).getTime()).toBe(new Date('2026-05-01T10:30').getTime());
  // image: an upload (stored by the product, its address saved into the cell), then an address typed in
  const uploaded = await patched(p, async () => {
    await (await cell(grid, 0, 'coverImage')).click();
    await p.getByLabel('Upload an image for coverImage').setInputFiles({
      name: 'fern.png',
      mimeType: 'image/png',
      buffer: TINY_PNG,
    });
  });
  expect(uploaded.coverImage).toMatch(
    new RegExp(`^/api/files/accounts/[A-Za-z0-9]+/apps/${appId}/data/image-`),
  );
  await expect(p.getByText('Image uploaded successfully!', { exact: true })).toBeVisible();
  expect((await request.get(`${BASE_URL}${uploaded.coverImage as string}`)).headers()['content-type']).toBe(
    'image/png',
  );
  expect(
    await patched(p, async () => {
      await (await cell(grid, 0, 'coverImage')).click();
      await p.getByRole('textbox', { name: 'coverImage' }).fill('https://example.com/fern.png');
      await p.getByRole('textbox', { name: 'coverImage' }).press('Enter');
    }),
  ).toEqual({ coverImage: 'https://example.com/fern.png' });
  await grid.evaluate((el) => el.scrollTo({ left: 0 }));
  await screenshot(p, 'app-database-desktop');
  // the table may take the chat's room too
  await database.getByRole('button', { name: 'Hide the chat' }).click();
  await expect(p.getByRole('region', { name: 'App Chat' })).toBeHidden();
  await screenshot(p, 'app-database-desktop-wide');
  await database.getByRole('button', { name: 'Show the chat' }).click();
  await expect(p.getByRole('region', { name: 'App Chat' })).toBeVisible();

  // what the server holds
  const list = await request.get(api('/Task/records'), { headers });
  const [stored] = ((await list.json()) as { records: EntityRecord[] }).records;
  expect(stored).toMatchObject({
    title: 'Water the ferns',
    count: 3,
    done: true,
    status: 'doing',
    tags: ['home', 'work'],
    meta: { room: 'kitchen' },
    coverImage: 'https://example.com/fern.png',
  });

  // on a phone: the entity dropdown, the table scrolls sideways
  await p.setViewportSize({ width: 390, height: 844 });
  await expect(database.getByRole('combobox', { name: 'Entity' })).toBeVisible();
  await grid.evaluate((el) => el.scrollTo({ left: 0 }));
  await screenshot(p, 'app-database-mobile');
  await p.setViewportSize({ width: 1280, height: 800 });

  // delete the row
  await grid.getByRole('checkbox', { name: 'Select row' }).check();
  await database.getByRole('button', { name: 'Delete 1' }).click();
  const deleted = p.waitForResponse((r) => r.request().method() === 'DELETE');
  await p.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).ok()).toBe(true);
  await expect(database.getByText('No rows yet')).toBeVisible();
  const after = await request.get(api('/Task/records'), { headers });
  expect(((await after.json()) as { records: unknown[] }).records).toEqual([]);

  // a permission change is a chat message (the model answers without changing anything here)
  await llm.reset();
  await llm.enqueue([{ text: 'I will change the permissions.' }]);
  await database.getByRole('button', { name: 'Permissions: Creator Only' }).click();
  await p.getByRole('menuitem', { name: /^Admin Only admins view and edit/ }).click();
  const chat = p.getByRole('region', { name: 'App Chat' });
  await expect(
    chat.getByText('Please change the permissions for entity "Task" to "Admin Only".', { exact: true }),
  ).toBeVisible();
  await expect(chat.getByText('I will change the permissions.')).toBeVisible({ timeout: 30_000 });
});
