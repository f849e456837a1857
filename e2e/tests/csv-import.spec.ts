import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { databaseTexts, type EntityRecord, type EntitySchema } from '../../packages/domain/src/entities';
import { csvExportFileName } from '../../packages/domain/src/entity-csv';
import { signUpVerified } from '../support/auth';
import { newSpaceApp, tokenOf } from '../support/builder';
import { BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// CSV import and export of an entity (spec 001 §4, §5, §7–§9): the model cannot suggest a mapping, so the wizard
// falls back to the basic one and says so; the rows are imported, shown in the table, and exported back with
// formulas neutralised.

const llm = fakeLlmControl(LLM_URL);

const schema: EntitySchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    price: { type: 'number' },
    done: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

const CSV = [
  'Title,PRICE,done,Tags,Notes',
  'Water the ferns,3.5,TRUE,"home, garden",ignored',
  '=1+1,2,false,work,ignored',
  'Café au lait,4,true,,ignored',
].join('\r\n');

test('a builder imports a CSV file with the basic mapping and exports it back', async ({
  page: p,
  request,
}) => {
  test.setTimeout(120_000);
  await llm.reset();
  await signUpVerified(p, uniqueEmail('csv'), 'a long passphrase');
  const appId = await newSpaceApp(p);
  const headers = { Authorization: `Bearer ${await tokenOf(p)}` };
  const api = (path: string) => `${BASE_URL}/api/apps/${appId}/entities${path}`;
  expect((await request.put(api('/Product'), { headers, data: { schema } })).ok()).toBe(true);

  await p
    .getByRole('navigation', { name: 'App menu rail' })
    .getByRole('button', { name: 'Database' })
    .click();
  const database = p.getByRole('region', { name: 'Database' });
  const grid = database.getByRole('grid', { name: 'Product records' });
  await expect(database.getByText('No rows yet')).toBeVisible();

  // the model fails: the basic mapping, and the spec's notice
  await llm.enqueue({ error: { status: 500, message: 'The model is down' } });
  await database.getByRole('button', { name: 'Import' }).click();
  const wizard = p.getByRole('dialog', { name: 'Import CSV into Product' });
  await wizard
    .getByLabel('Choose a CSV file')
    .setInputFiles({ name: 'products.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(wizard.getByText(databaseTexts.mappingFallback)).toBeVisible();
  await expect(wizard.getByLabel('Field for Title')).toHaveValue('title');
  await expect(wizard.getByLabel('Field for PRICE')).toHaveValue('price');
  await expect(wizard.getByLabel('Field for Tags')).toHaveValue('tags');
  await expect(wizard.getByLabel('Split character for Tags')).toHaveValue(',');
  await expect(wizard.getByLabel('Field for Notes')).toHaveValue('');
  const sent = (await llm.requests()).find((r) => r.path === '/v1/chat/completions');
  expect(JSON.stringify(sent?.body)).toContain('Water the ferns');
  await screenshot(p, 'csv-import-mapping');

  const bulk = p.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/records/bulk'));
  await wizard.getByRole('button', { name: 'Import 3 rows' }).click();
  expect((await bulk).status()).toBe(200);
  await expect(wizard.getByText(databaseTexts.importSucceeded(3))).toBeVisible();
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(wizard).toBeHidden();

  // the rows, in the table and on the server
  await expect(grid.getByText('Water the ferns')).toBeVisible();
  await expect(grid.getByText('Café au lait')).toBeVisible();
  const list = await request.get(api('/Product/records'), { headers });
  const records = ((await list.json()) as { records: EntityRecord[] }).records;
  const byTitle = Object.fromEntries(records.map((r) => [r.title as string, r]));
  expect(byTitle['Water the ferns']).toMatchObject({ price: 3.5, done: true, tags: ['home', 'garden'] });
  expect(byTitle['=1+1']).toMatchObject({ price: 2, done: false, tags: ['work'] });
  expect(byTitle['Café au lait']).toMatchObject({ price: 4, done: true });
  expect(byTitle['Café au lait']).not.toHaveProperty('Notes');

  // export: the file's name, a byte order mark, every record, the formula neutralised
  const download = p.waitForEvent('download');
  await database.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(csvExportFileName('Product'));
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.subarray(3).toString('utf8').split('\r\n');
  // the entity's properties in the order the server keeps its schema, then the record's own fields
  const listed = await request.get(api(''), { headers });
  const stored = ((await listed.json()) as { entities: { name: string; schema: EntitySchema }[] }).entities;
  const fields = Object.keys(stored.find((e) => e.name === 'Product')!.schema.properties);
  expect(lines[0]).toBe([...fields, 'id', 'createdAt', 'creatorId'].join(','));
  expect(lines).toHaveLength(4);
  const row = (cells: Record<string, string>) => fields.map((f) => cells[f] ?? '').join(',') + ',';
  for (const expected of [
    row({ title: 'Water the ferns', price: '3.5', done: 'true', tags: '"[""home"",""garden""]"' }),
    row({ title: "'=1+1", price: '2', done: 'false', tags: '"[""work""]"' }),
    row({ title: 'Café au lait', price: '4', done: 'true' }),
  ]) {
    expect(
      lines.some((line) => line.startsWith(expected)),
      expected,
    ).toBe(true);
  }

  // a file with a bad row: the others are imported, and the bad one is named with the server's reason
  await llm.enqueue({ error: { status: 500, message: 'The model is down' } });
  await database.getByRole('button', { name: 'Import' }).click();
  await wizard.getByLabel('Choose a CSV file').setInputFiles({
    name: 'more.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,price\nTea,1\n,2\nCoffee,3\n'),
  });
  await wizard.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(wizard.getByText(databaseTexts.importPartlyFailed(1, 3))).toBeVisible();
  const failures = wizard.getByRole('list', { name: 'Rows not imported' });
  await expect(failures.getByRole('listitem')).toHaveCount(1);
  await expect(failures).toContainText('Row 3');
  await expect(failures).toContainText('title: is required');
  await screenshot(p, 'csv-import-partly-failed');
  await wizard.getByRole('button', { name: 'Done' }).click();
  await expect(grid.getByText('Coffee')).toBeVisible();
});
