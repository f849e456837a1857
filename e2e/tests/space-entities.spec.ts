import { expect, test, type Locator } from '@playwright/test';
import { fakeLlmControl } from '../../packages/testkit/src/fake-llm-control';
import { spaceTexts } from '../../packages/domain/src/space-apps';
import { signUpVerified } from '../support/auth';
import { newSpaceApp } from '../support/builder';
import { BASE_URL, LLM_URL, uniqueEmail } from '../support/env';
import { screenshot } from '../support/screens';

// The chat creates the app's database: the fake model calls add_entity, then insert_entity_records, then answers.
const llm = fakeLlmControl(LLM_URL);
const PASSWORD = 'a long passphrase';

const TASK = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    done: { type: 'boolean' },
    priority: { type: 'string', enum: ['low', 'medium', 'high'] },
  },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
};
const EXAMPLES = [
  { title: 'Buy milk', done: false, priority: 'low' },
  { title: 'Book the venue', done: false, priority: 'high' },
  { title: 'Send invitations', done: true, priority: 'medium' },
];

/** A builder's id token, signed in through the API (the browser keeps its own session). */
async function idToken(email: string): Promise<string> {
  const res = await fetch(`${BASE_URL}/api/live_api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { idToken: string }).idToken;
}

async function apiGet(path: string, token: string) {
  const res = await fetch(`${BASE_URL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status, path).toBe(200);
  return res.json() as Promise<Record<string, unknown>>;
}

async function ask(chat: Locator, text: string, done: string) {
  const input = chat.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await expect(chat.getByText(done).last()).toBeVisible({ timeout: 30_000 });
  await expect(chat.getByRole('button', { name: 'Send' })).toBeVisible({ timeout: 30_000 });
}

test('the chat creates an entity and inserts example records; the actions show, the records exist', async ({
  page: p,
}) => {
  test.setTimeout(180_000);
  await llm.reset();
  const email = uniqueEmail('space-entities');
  await signUpVerified(p, email, PASSWORD);
  const appId = await newSpaceApp(p);
  const chat = p.getByRole('region', { name: 'App Chat' });
  await expect(chat.getByText(spaceTexts.emptyTitle)).toBeVisible();

  await llm.enqueue([
    {
      text: 'Creating a Task entity.',
      toolCalls: [{ name: 'add_entity', arguments: { name: 'Task', schema: TASK } }],
    },
    { toolCalls: [{ name: 'insert_entity_records', arguments: { entity: 'Task', records: EXAMPLES } }] },
    { text: 'Your task list has three example tasks.' },
  ]);
  await ask(chat, 'Make a task list with a few examples', 'Your task list has three example tasks.');

  const actions = chat.getByRole('list', { name: 'Changes' }).last();
  const add = actions.locator('> li[data-type="add_entity"]');
  await expect(add).toHaveAttribute('data-state', 'complete');
  await expect(add.getByText('Add entity Task')).toBeVisible();
  await expect(add.getByText('Public Read, Creator Write')).toBeVisible();
  const insert = actions.locator('> li[data-type="insert_entity_records"]');
  await expect(insert).toHaveAttribute('data-state', 'complete');
  await expect(insert.getByText('Insert 3 records into Task')).toBeVisible();
  await expect(insert.getByText('Inserted 3 records')).toBeVisible();
  await screenshot(p, 'space-entities-chat');

  // All Changes shows the new entity's schema
  await chat.getByRole('button', { name: spaceTexts.allChanges }).last().click();
  const diff = p.getByRole('dialog', { name: spaceTexts.allChanges });
  await expect(diff.getByText('entities/Task.json')).toBeVisible();
  await expect(diff.getByText(/"x-accessControl"/).first()).toBeVisible();
  await screenshot(p, 'space-entities-diff');
  await p.keyboard.press('Escape');

  // the records exist, inserted as the builder
  const token = await idToken(email);
  const { entities } = (await apiGet(`/api/apps/${appId}/entities`, token)) as {
    entities: { name: string }[];
  };
  expect(entities.map((e) => e.name)).toEqual(['Task']);
  const { records } = (await apiGet(`/api/apps/${appId}/entities/Task/records`, token)) as {
    records: { title: string; creatorId: string | null }[];
  };
  expect(records.map((r) => r.title).sort()).toEqual(['Book the venue', 'Buy milk', 'Send invitations']);
  expect(new Set(records.map((r) => r.creatorId)).size).toBe(1);

  // a second turn: a refused add_entity, a permission change, records of which one is refused
  await llm.enqueue([
    {
      toolCalls: [
        { name: 'add_entity', arguments: { name: 'Task', schema: TASK } },
        {
          name: 'edit_entity',
          arguments: {
            name: 'Task',
            schema: { ...TASK, 'x-accessControl': { permissions: { read: 'admin', write: 'admin' } } },
          },
        },
        {
          name: 'insert_entity_records',
          arguments: {
            entity: 'Task',
            records: [{ title: 'Plan the menu' }, { title: 'Order cake', priority: 'urgent' }],
          },
        },
      ],
    },
    { text: 'Tasks are now for admins only.' },
  ]);
  await ask(chat, 'Only admins should see tasks, and add two more', 'Tasks are now for admins only.');
  const second = chat.getByRole('list', { name: 'Changes' }).last();
  const refused = second.locator('> li[data-type="add_entity"]');
  await expect(refused).toHaveAttribute('data-state', 'failed');
  await expect(refused.getByText(/The entity Task already exists/)).toBeVisible();
  await expect(second.locator('> li[data-type="edit_entity"]').getByText('Admin Only')).toBeVisible();
  const partly = second.locator('> li[data-type="insert_entity_records"]');
  await expect(partly.getByText('Inserted 1 of 2 records, 1 refused')).toBeVisible();
  await expect(partly.getByText('Record 2: priority: must be one of "low", "medium", "high"')).toBeVisible();
  await screenshot(p, 'space-entities-chat-second-turn');
  await chat.getByRole('button', { name: spaceTexts.allChanges }).last().click();
  await expect(
    diff.locator('section[data-status="modified"]', { hasText: 'entities/Task.json' }),
  ).toBeVisible();
  await p.keyboard.press('Escape');

  await p.setViewportSize({ width: 390, height: 844 });
  await expect(chat.getByText('Record 2: priority: must be one of "low", "medium", "high"')).toBeVisible();
  await screenshot(p, 'space-entities-chat-mobile');
});
