import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { type FakeLlm, type TestServer } from '@buildai/testkit';
import { listEntities } from '../src/features/entities';
import { json } from './helpers';
import { chat, chatTurn, getJson, newSpaceApp, readUiChunks, useChatServer } from './spaces-helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
useChatServer((started) => ({ llm, server, token } = started));

const TASK = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    done: { type: 'boolean' },
    priority: { type: 'string', enum: ['low', 'high'] },
  },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
};

const call = (name: string, args: object, id?: string) => ({
  toolCalls: [{ ...(id ? { id } : {}), name, arguments: args }],
});

/** The builder's user id (the token's subject). */
function builderId(): string {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
}

const messagesOf = async (appId: string) =>
  (await getJson(server, `/api/apps/${appId}/chat/messages`, token)).messages;

async function recordsOf(appId: string, entity: string) {
  return server.platform.db
    .select()
    .from(schema.appRecords)
    .where(and(eq(schema.appRecords.appId, appId), eq(schema.appRecords.entity, entity)));
}

/** A turn whose model adds the Task entity, then says so. */
async function addTask(appId: string, text = 'Make a task list') {
  llm.enqueue([
    call('add_entity', { name: 'Task', schema: TASK }, 'c_add'),
    { text: 'Added the Task entity.' },
  ]);
  return chatTurn(server, appId, text, { token });
}

describe('entity actions in the chat', () => {
  it('add_entity creates the entity, stores the action with its permissions, and the next turn reads its schema', async () => {
    const appId = await newSpaceApp(server, token);
    const chunks = await addTask(appId);
    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'tool-output-available',
        toolCallId: 'c_add',
        output: { ok: true, created: true, permissions: { read: 'all', write: 'creator' } },
      }),
    );
    expect(await listEntities(server.platform.db, appId)).toEqual([{ name: 'Task', schema: TASK }]);
    expect((await getJson(server, `/api/apps/${appId}/entities`, token)).entities).toEqual([
      { name: 'Task', schema: TASK },
    ]);
    const [, answer] = await messagesOf(appId);
    expect(answer.actions).toEqual([
      {
        title: 'Add entity Task',
        type: 'add_entity',
        entity: 'Task',
        content: JSON.stringify(TASK, null, 2),
        isComplete: true,
        isTruncated: false,
        permissions: { read: 'all', write: 'creator' },
      },
    ]);
    expect(answer.parts.map((p: { type: string }) => p.type)).toEqual(['tool-add_entity', 'text']);
    // the stream's last word carries the recorded action too
    expect(chunks.at(-1)!.messageMetadata.actions[0]).toMatchObject({ type: 'add_entity', isComplete: true });

    // the model was told how to write entities, and the next turn is shown the schema
    const first = JSON.stringify(llm.requests[0]!.body);
    expect(first).toContain('x-accessControl');
    expect(first).toContain('The app database has no entities yet.');
    expect(first).toContain('entities.{Name}');
    const tools = (llm.requests[0]!.body as { tools: { function: { name: string } }[] }).tools.map(
      (t) => t.function.name,
    );
    expect(tools).toEqual(
      expect.arrayContaining([
        'add_file',
        'add_entity',
        'edit_entity',
        'insert_entity_records',
        'import_entities',
      ]),
    );
    llm.enqueue({ text: 'Nothing to do.' });
    await chatTurn(server, appId, 'What entities are there?', { token });
    const second = JSON.stringify(llm.requests.at(-1)!.body);
    expect(second).toContain("The app database's entities (1)");
    expect(second).toContain('- Task: {');
    expect(second).toContain('\\"enum\\":[\\"low\\",\\"high\\"]');
    // and the history shows what the earlier answer did
    expect(second).toContain('[actions: add_entity Task]');
  }, 60_000);

  it('add_entity without permissions defaults both to creator', async () => {
    const appId = await newSpaceApp(server, token);
    const note = { type: 'object', properties: { text: { type: 'string' } } };
    llm.enqueue([call('add_entity', { name: 'Note', schema: note }), { text: 'Done.' }]);
    await chatTurn(server, appId, 'Notes please', { token });
    const [, answer] = await messagesOf(appId);
    expect(answer.actions[0]).toMatchObject({
      title: 'Add entity Note',
      permissions: { read: 'creator', write: 'creator' },
    });
  }, 60_000);

  it('edit_entity changes the permissions; an edit without x-accessControl keeps them', async () => {
    const appId = await newSpaceApp(server, token);
    await addTask(appId);
    const open = { ...TASK, 'x-accessControl': { permissions: { read: 'anonymous', write: 'admin' } } };
    llm.enqueue([call('edit_entity', { name: 'Task', schema: open }), { text: 'Changed.' }]);
    await chatTurn(
      server,
      appId,
      'Please change the permissions for entity "Task" to "Anonymous Read, Admin Write".',
      {
        token,
      },
    );
    expect((await listEntities(server.platform.db, appId))[0]!.schema).toEqual(open);
    let answer = (await messagesOf(appId))[3];
    expect(answer.actions).toEqual([
      expect.objectContaining({
        title: 'Edit entity Task',
        type: 'edit_entity',
        isComplete: true,
        permissions: { read: 'anonymous', write: 'admin' },
      }),
    ]);

    const { 'x-accessControl': _gone, ...withoutRules } = TASK;
    const more = { ...withoutRules, properties: { ...TASK.properties, notes: { type: 'string' } } };
    llm.enqueue([call('edit_entity', { name: 'Task', schema: more }), { text: 'Added notes.' }]);
    await chatTurn(server, appId, 'Add notes to tasks', { token });
    const [task] = await listEntities(server.platform.db, appId);
    expect(task!.schema.properties).toHaveProperty('notes');
    expect(task!.schema['x-accessControl']).toEqual({ permissions: { read: 'anonymous', write: 'admin' } });
    answer = (await messagesOf(appId))[5];
    expect(answer.actions[0].permissions).toEqual({ read: 'anonymous', write: 'admin' });
  }, 60_000);

  it('insert_entity_records inserts as the builder and says which records were refused and why', async () => {
    const appId = await newSpaceApp(server, token);
    await addTask(appId);
    const versionsBefore = (await getJson(server, `/api/apps/${appId}/versions`, token)).versions.length;
    llm.enqueue([
      call(
        'insert_entity_records',
        {
          entity: 'Task',
          records: [
            { title: 'Buy milk', done: false, priority: 'low' },
            { title: 'Call Ann', priority: 'urgent' },
            { done: true },
            { title: 'Write report', done: true },
          ],
        },
        'c_ins',
      ),
      { text: 'Inserted some tasks.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Add some example tasks', { token });
    const failed = [
      { index: 1, message: 'priority: must be one of "low", "high"' },
      { index: 2, message: 'title: is required' },
    ];
    expect(chunks).toContainEqual(
      expect.objectContaining({
        type: 'tool-output-available',
        toolCallId: 'c_ins',
        output: { ok: true, inserted: 2, failed, failedCount: 2 },
      }),
    );
    const rows = await recordsOf(appId, 'Task');
    expect(rows.map((r) => r.data.title).sort()).toEqual(['Buy milk', 'Write report']);
    expect(new Set(rows.map((r) => r.creatorId))).toEqual(new Set([builderId()]));
    const answer = (await messagesOf(appId))[3];
    expect(answer.actions).toEqual([
      {
        title: 'Insert 4 records into Task',
        type: 'insert_entity_records',
        entity: 'Task',
        isComplete: true,
        isTruncated: false,
        records: { sent: 4, inserted: 2, failed },
      },
    ]);
    // records are not versioned: a turn that only inserts makes no version
    expect((await getJson(server, `/api/apps/${appId}/versions`, token)).versions).toHaveLength(
      versionsBefore,
    );
    expect(answer.annotations[0].versionId).toBeUndefined();
  }, 60_000);

  it('import_entities takes up to 1000 records; insert_entity_records at most 50', async () => {
    const appId = await newSpaceApp(server, token);
    await addTask(appId);
    const many = Array.from({ length: 120 }, (_, i) => ({ title: `Row ${i}` }));
    llm.enqueue([
      {
        toolCalls: [
          { id: 'c_ins', name: 'insert_entity_records', arguments: { entity: 'Task', records: many } },
        ],
      },
      { toolCalls: [{ id: 'c_imp', name: 'import_entities', arguments: { entity: 'Task', records: many } }] },
      { text: 'Imported your rows.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Import these 120 rows: …', { token });
    expect(chunks).toContainEqual(
      expect.objectContaining({
        toolCallId: 'c_ins',
        output: {
          ok: false,
          error:
            "One insert_entity_records call takes at most 50 records; use import_entities for the builder's own data, or several calls",
        },
      }),
    );
    expect(chunks).toContainEqual(
      expect.objectContaining({
        toolCallId: 'c_imp',
        output: { ok: true, inserted: 120, failed: [], failedCount: 0 },
      }),
    );
    expect(await recordsOf(appId, 'Task')).toHaveLength(120);
    const answer = (await messagesOf(appId))[3];
    expect(answer.actions.map((a: { title: string }) => a.title)).toEqual([
      'Insert 120 records into Task',
      'Import 120 records into Task',
    ]);
    expect(answer.actions[0]).toMatchObject({
      isComplete: true,
      error: expect.stringContaining('at most 50'),
    });
    expect(answer.actions[1]).toMatchObject({ records: { sent: 120, inserted: 120, failed: [] } });
  }, 60_000);

  it('refused actions change nothing and say why, in words the model can act on', async () => {
    const appId = await newSpaceApp(server, token);
    await addTask(appId);
    const before = await listEntities(server.platform.db, appId);
    llm.enqueue([
      {
        toolCalls: [
          { id: 'r1', name: 'add_entity', arguments: { name: 'Task', schema: TASK } },
          { id: 'r2', name: 'edit_entity', arguments: { name: 'Project', schema: TASK } },
          {
            id: 'r3',
            name: 'add_entity',
            arguments: { name: 'Item', schema: { properties: { id: { type: 'string' } } } },
          },
          { id: 'r4', name: 'add_entity', arguments: { name: 'User', schema: TASK } },
          { id: 'r5', name: 'add_entity', arguments: { name: '2fast', schema: TASK } },
          {
            id: 'r6',
            name: 'insert_entity_records',
            arguments: { entity: 'Project', records: [{ title: 'x' }] },
          },
          { id: 'r7', name: 'insert_entity_records', arguments: { entity: 'Task', records: [{ title: 5 }] } },
          {
            id: 'r8',
            name: 'edit_entity',
            arguments: {
              name: 'Task',
              schema: { ...TASK, 'x-accessControl': { permissions: { read: 'everyone', write: 'creator' } } },
            },
          },
        ],
      },
      { text: 'Some of that did not work.' },
    ]);
    const chunks = await chatTurn(server, appId, 'Do several things', { token });
    const outputs = Object.fromEntries(
      chunks.filter((c) => c.type === 'tool-output-available').map((c) => [c.toolCallId, c.output]),
    );
    expect(outputs.r1).toEqual({
      ok: false,
      error: 'The entity Task already exists: change it with edit_entity (its whole new schema)',
    });
    expect(outputs.r2).toEqual({ ok: false, error: 'There is no entity Project: create it with add_entity' });
    expect(outputs.r3).toEqual({ ok: false, error: 'schema.properties.id: "id" is set by the app database' });
    expect(outputs.r4.error).toMatch(/^User is the built-in entity/);
    expect(outputs.r5.error).toMatch(/^"2fast" is not a valid entity name/);
    expect(outputs.r6).toEqual({
      ok: false,
      error: 'There is no entity Project: create it with add_entity first',
    });
    expect(outputs.r7).toEqual({
      ok: false,
      error: 'No record was inserted into Task: #0 title: must be string',
      failed: [{ index: 0, message: 'title: must be string' }],
    });
    expect(outputs.r8.ok).toBe(false);
    expect(outputs.r8.error).toMatch(/^schema\.x-accessControl\.permissions\.read: /);

    expect(await listEntities(server.platform.db, appId)).toEqual(before);
    expect(await recordsOf(appId, 'Task')).toHaveLength(0);
    const answer = (await messagesOf(appId))[3];
    expect(
      answer.actions.every((a: { isComplete: boolean; error?: string }) => a.isComplete && a.error),
    ).toBe(true);
    expect(answer.actions[6]).toMatchObject({ records: { sent: 1, inserted: 0 } });
    // nothing changed: no version
    expect(answer.annotations[0].versionId).toBeUndefined();
  }, 60_000);

  it('a truncated add_entity applies nothing, and a continue message asks for the whole call again', async () => {
    const appId = await newSpaceApp(server, token);
    const args = JSON.stringify({ name: 'Task', schema: TASK });
    llm.enqueue({
      text: 'Creating tasks.',
      toolCalls: [{ name: 'add_entity', arguments: args, cutAt: args.indexOf('done') }],
    });
    const chunks = await chatTurn(server, appId, 'Make a task list', { token });
    expect(llm.requests).toHaveLength(1);
    expect(chunks.at(-1)!.messageMetadata.actions).toMatchObject([{ type: 'add_entity', isTruncated: true }]);
    expect(await listEntities(server.platform.db, appId)).toEqual([]);
    const cut = (await messagesOf(appId))[1];
    expect(cut.actions).toEqual([
      expect.objectContaining({
        title: 'Add entity Task',
        type: 'add_entity',
        entity: 'Task',
        isComplete: false,
        isTruncated: true,
      }),
    ]);
    expect(cut.annotations[0].versionId).toBeUndefined();

    llm.enqueue([call('add_entity', { name: 'Task', schema: TASK }), { text: 'Done now.' }]);
    await chatTurn(server, appId, "Let's keep going", { token, system: 'continue' });
    const system = (llm.requests[1]!.body as { messages: { role: string; content: string }[] }).messages[0]!
      .content;
    expect(system).toContain('in the middle of add_entity for Task');
    expect(system).toContain(
      'That call was NOT applied: Task is as it was before. Call add_entity again with the whole schema of Task',
    );
    expect(await listEntities(server.platform.db, appId)).toHaveLength(1);
  }, 60_000);
});

describe('versions hold the entity schemas', () => {
  it('a turn that changed only entities makes a version holding them; restore puts the schemas back', async () => {
    const appId = await newSpaceApp(server, token);
    await addTask(appId, 'Make a task list');
    const {
      versions: [v1],
    } = await getJson(server, `/api/apps/${appId}/versions`, token);
    const one = await getJson(server, `/api/apps/${appId}/versions/${v1.id}`, token);
    expect(one.entities).toEqual([{ name: 'Task', schema: TASK }]);
    expect(one.files.map((f: { path: string }) => f.path)).toEqual(['pages/Home.tsx']);
    const [user1] = await messagesOf(appId);
    expect(user1.annotations[0].versionId).toBe(v1.id);

    // turn 2: edit Task (admin only), add Project with a record, insert a task
    const adminOnly = { ...TASK, 'x-accessControl': { permissions: { read: 'admin', write: 'admin' } } };
    const project = { type: 'object', properties: { name: { type: 'string' } } };
    llm.enqueue([
      {
        toolCalls: [
          { name: 'edit_entity', arguments: { name: 'Task', schema: adminOnly } },
          { name: 'add_entity', arguments: { name: 'Project', schema: project } },
        ],
      },
      {
        toolCalls: [
          { name: 'insert_entity_records', arguments: { entity: 'Project', records: [{ name: 'Launch' }] } },
          { name: 'insert_entity_records', arguments: { entity: 'Task', records: [{ title: 'Kept' }] } },
        ],
      },
      { text: 'Projects added.' },
    ]);
    await chatTurn(server, appId, 'Add projects, tasks for admins only', { token });
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions).toHaveLength(2);
    const two = await getJson(server, `/api/apps/${appId}/versions/${versions[0].id}`, token);
    expect(two.entities).toEqual([
      { name: 'Project', schema: project },
      { name: 'Task', schema: adminOnly },
    ]);
    expect(await recordsOf(appId, 'Project')).toHaveLength(1);

    // the revert's access changes, confirmed as the builder saw them (issue 32, item 6)
    const { accessChanges } = await getJson(server, `/api/apps/${appId}/versions/${v1.id}`, token);
    expect(accessChanges).toEqual([
      { entity: 'Project', from: { read: 'creator', write: 'creator' }, to: null },
      { entity: 'Task', from: { read: 'admin', write: 'admin' }, to: { read: 'all', write: 'creator' } },
    ]);
    const res = await server.request(`/api/apps/${appId}/versions/${v1.id}/restore`, {
      method: 'POST',
      token,
      json: { accessChanges },
    });
    expect(res.status).toBe(200);
    // Project came after that version: it goes, with its records; Task has its old schema and keeps its records
    expect(await listEntities(server.platform.db, appId)).toEqual([{ name: 'Task', schema: TASK }]);
    expect(await recordsOf(appId, 'Project')).toHaveLength(0);
    expect((await recordsOf(appId, 'Task')).map((r) => r.data.title)).toEqual(['Kept']);
  }, 60_000);

  it('restoring a version made before any entity removes them all', async () => {
    const appId = await newSpaceApp(server, token);
    llm.enqueue([
      call('add_file', { path: 'pages/A.tsx', content: 'export default function A() { return null; }' }),
      { text: 'A.' },
    ]);
    await chatTurn(server, appId, 'Add page A', { token });
    await addTask(appId);
    const { versions } = await getJson(server, `/api/apps/${appId}/versions`, token);
    expect(versions).toHaveLength(2);
    expect((await getJson(server, `/api/apps/${appId}/versions/${versions[1].id}`, token)).entities).toEqual(
      [],
    );
    const { accessChanges } = await getJson(server, `/api/apps/${appId}/versions/${versions[1].id}`, token);
    expect(accessChanges).toEqual([{ entity: 'Task', from: { read: 'all', write: 'creator' }, to: null }]);
    const res = await server.request(`/api/apps/${appId}/versions/${versions[1].id}/restore`, {
      method: 'POST',
      token,
      json: { accessChanges },
    });
    expect(res.status).toBe(200);
    expect(await listEntities(server.platform.db, appId)).toEqual([]);
  }, 60_000);
});

describe('permission changes through the chat', () => {
  it('a permissions message is refused with its own 409 while a turn runs, and is a normal turn otherwise', async () => {
    const appId = await newSpaceApp(server, token);
    await addTask(appId);
    llm.enqueue({ chunks: ['Working ', 'on ', 'it ', 'slowly.'], hold: 'turn' });
    const first = await chat(server, appId, 'Start something', { token });
    expect(first.status).toBe(200);
    const message = 'Please change the permissions for entity "Task" to "Admin Only".';
    const res = await server.request(`/api/apps/${appId}/chat`, {
      method: 'POST',
      token,
      json: {
        message: {
          role: 'user',
          parts: [{ type: 'text', text: message }],
          metadata: { systemActionInfo: { type: 'permissions' } },
        },
      },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({
      code: 'entity/permissions-chat-busy',
      message: 'Please wait for chat to finish before updating permissions',
    });
    // another message keeps the generic answer
    const other = await chat(server, appId, 'And this', { token });
    expect(other.status).toBe(409);
    expect((await json(other)).error.code).toBe('space/chat-busy');
    llm.release('turn');
    await readUiChunks(first);

    const adminOnly = { ...TASK, 'x-accessControl': { permissions: { read: 'admin', write: 'admin' } } };
    llm.enqueue([
      call('edit_entity', { name: 'Task', schema: adminOnly }),
      { text: 'Task is now admin only.' },
    ]);
    const turn = await server.request(`/api/apps/${appId}/chat`, {
      method: 'POST',
      token,
      json: {
        message: {
          role: 'user',
          parts: [{ type: 'text', text: message }],
          metadata: { systemActionInfo: { type: 'permissions' } },
        },
      },
    });
    expect(turn.status).toBe(200);
    await readUiChunks(turn);
    expect((await listEntities(server.platform.db, appId))[0]!.schema['x-accessControl']).toEqual({
      permissions: { read: 'admin', write: 'admin' },
    });
    const messages = await messagesOf(appId);
    const user = messages.at(-2);
    expect(user).toMatchObject({
      content: message,
      annotations: [{ systemActionInfo: { type: 'permissions' } }],
    });
    expect(user.annotations[0].versionId).toBeDefined();
    expect(messages.at(-1).actions[0]).toMatchObject({
      type: 'edit_entity',
      permissions: { read: 'admin', write: 'admin' },
    });
  }, 60_000);
});
