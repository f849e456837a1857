import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { chatActionTypes, plannedChatActionTypes } from '../space-apps';
import {
  chatActionList,
  chatActionOf,
  chatActions,
  chatToolsPrompt,
  describeCall,
  type CallInput,
  type ChatToolType,
} from './index';

/** A call of each action as the model sends it. */
const calls: Record<ChatToolType, CallInput> = {
  add_file: { path: 'pages/About.tsx', content: 'export default () => null;' },
  edit_file: { path: 'pages/About.tsx', content: 'export default () => <h1/>;' },
  partial_edit: { path: 'pages/About.tsx', search: 'h1', replace: 'h2' },
  delete_file: { path: 'pages/About.tsx' },
  add_entity: { name: 'Task', schema: { properties: { title: { type: 'string' } } } },
  edit_entity: { name: 'Task', schema: { properties: {} } },
  insert_entity_records: { entity: 'Task', records: [{ title: 'a' }, { title: 'b' }] },
  import_entities: { entity: 'Task', records: [{ title: 'a' }] },
  request_secrets: { secrets: [{ secretName: 'WEATHER_KEY', description: 'the weather API key' }] },
  add_tool: {
    title: 'Listing writer',
    fields: [{ name: 'rooms', label: 'Rooms' }],
    prompt: 'Write {{rooms}}',
  },
  edit_tool: { path: 'listing-writer', changes: { fields: [{ name: 'rooms', required: true }] } },
  remove_tool: { path: 'listing-writer' },
  edit_app: { header: 'Estate agent kit' },
};

describe('the registry of chat actions', () => {
  it('has an action for every type of the domain list but the planned ones, each under its own type', () => {
    for (const type of chatActionTypes) {
      const planned = (plannedChatActionTypes as readonly string[]).includes(type);
      expect(chatActionOf(type) !== undefined, type).toBe(!planned);
    }
    for (const [key, action] of Object.entries(chatActions)) expect(action.type).toBe(key);
    expect(chatActionList.map((a) => a.type)).toEqual(Object.keys(chatActions));
  });

  it('gives every action a description, a loose input schema, kept fields and a title', () => {
    for (const action of chatActionList) {
      const call = calls[action.type];
      expect(action.description.length, action.type).toBeGreaterThan(10);
      expect(action.input, action.type).toBeInstanceOf(z.ZodObject);
      expect(action.input.safeParse(call).success, action.type).toBe(true);
      // every field of the schema is kept with the answer
      for (const field of Object.keys(action.input.shape))
        expect(action.kept, action.type).toHaveProperty(field);
      expect(action.title(call), action.type).toMatch(/^[A-Z][a-z]+ \S/);
      // a call cut off before any field still has a title
      expect(action.title({}).length, action.type).toBeGreaterThan(0);
    }
  });

  it('titles each action with its verb and target', () => {
    expect(chatActionList.map((a) => a.title(calls[a.type]))).toEqual([
      'Create pages/About.tsx',
      'Edit pages/About.tsx',
      'Edit pages/About.tsx',
      'Delete pages/About.tsx',
      'Add entity Task',
      'Edit entity Task',
      'Insert 2 records into Task',
      'Import 1 record into Task',
      'Request secrets WEATHER_KEY',
      'Add tool Listing writer',
      'Edit tool listing-writer',
      'Remove tool listing-writer',
      'Edit app details',
    ]);
    expect(chatActionList.map((a) => a.title({}))).toEqual([
      'Create file',
      'Edit file',
      'Edit file',
      'Delete file',
      'Add entity',
      'Edit entity',
      'Insert 0 records into an entity',
      'Import 0 records into an entity',
      'Request secrets',
      'Add tool',
      'Edit tool',
      'Remove tool',
      'Edit app details',
    ]);
  });

  it('versions files, entity schemas and tools, never records', () => {
    expect(chatActionList.filter((a) => a.versioned).map((a) => a.type)).toEqual([
      'add_file',
      'edit_file',
      'partial_edit',
      'delete_file',
      'add_entity',
      'edit_entity',
      'add_tool',
      'edit_tool',
      'remove_tool',
      'edit_app',
    ]);
  });

  it('knows its own names only', () => {
    for (const name of ['request_secret', 'constructor', 'toString', '__proto__', '', 'Add_file'])
      expect(chatActionOf(name), name).toBeUndefined();
  });
});

describe('what a stored action holds of its call', () => {
  it('keeps a file action its path and the text it writes', () => {
    expect(describeCall(chatActions.add_file, calls.add_file)).toEqual({
      title: 'Create pages/About.tsx',
      type: 'add_file',
      file: 'pages/About.tsx',
      content: 'export default () => null;',
    });
    expect(describeCall(chatActions.partial_edit, calls.partial_edit, { ok: true })).toMatchObject({
      content: 'h2',
    });
    expect(describeCall(chatActions.delete_file, { path: 3 })).toEqual({
      title: 'Delete file',
      type: 'delete_file',
    });
  });

  it('keeps a schema action its schema and permissions: asked before it runs, kept once it did', () => {
    const schema = { properties: {}, 'x-accessControl': { permissions: { read: 'all', write: 'admin' } } };
    const asked = describeCall(chatActions.edit_entity, { name: 'Task', schema });
    expect(asked).toEqual({
      title: 'Edit entity Task',
      type: 'edit_entity',
      entity: 'Task',
      content: JSON.stringify(schema, null, 2),
      permissions: { read: 'all', write: 'admin' },
    });
    const kept = describeCall(chatActions.edit_entity, calls.edit_entity, {
      ok: true,
      created: false,
      permissions: { read: 'anonymous', write: 'none' },
    });
    expect(kept.permissions).toEqual({ read: 'anonymous', write: 'none' });
    // no x-accessControl asks for the defaults; levels that do not exist ask for nothing
    expect(describeCall(chatActions.add_entity, calls.add_entity).permissions).toEqual({
      read: 'creator',
      write: 'creator',
    });
    const bad = { 'x-accessControl': { permissions: { read: 'x', write: 'y' } } };
    expect(describeCall(chatActions.add_entity, { name: 'T', schema: bad }).permissions).toBeUndefined();
  });

  it('keeps a record action what went in and what was refused, once it ran', () => {
    const call = calls.insert_entity_records;
    expect(describeCall(chatActions.insert_entity_records, call)).toEqual({
      title: 'Insert 2 records into Task',
      type: 'insert_entity_records',
      entity: 'Task',
    });
    const failed = [{ index: 1, message: 'title: must be string' }];
    expect(
      describeCall(chatActions.insert_entity_records, call, { ok: true, inserted: 1, failed, failedCount: 1 })
        .records,
    ).toEqual({ sent: 2, inserted: 1, failed });
    expect(
      describeCall(chatActions.import_entities, call, { ok: false, error: 'all refused', failed }).records,
    ).toEqual({ sent: 2, inserted: 0, failed });
    expect(
      describeCall(chatActions.import_entities, call, { ok: false, error: 'no entity' }).records,
    ).toBeUndefined();
  });
});

describe("the system prompt's list of tools", () => {
  it('names each action with its fields, one a line', () => {
    expect(chatToolsPrompt('file')).toBe(
      [
        '- add_file {path, content}: a new file, whole;',
        '- edit_file {path, content}: the whole new content of an existing file;',
        '- partial_edit {path, search, replace}: replaces the one place where `search` occurs (it must occur exactly once; copy it from the file as is);',
        '- delete_file {path}.',
      ].join('\n'),
    );
    expect(
      chatToolsPrompt('entity')
        .split('\n')
        .map((line) => line.split(':')[0]),
    ).toEqual([
      '- add_entity {name, schema}',
      '- edit_entity {name, schema}',
      '- insert_entity_records {entity, records}',
      '- import_entities {entity, records}',
    ]);
  });
});

describe('request_secrets', () => {
  it('keeps the requirements as the action content, and nothing it cannot read', () => {
    const action = chatActions.request_secrets;
    expect(
      describeCall(action, {
        secrets: [{ secretName: 'A_KEY', description: 'a' }, { description: 'no name' }, 'x'],
      }),
    ).toEqual({
      title: 'Request secrets A_KEY',
      type: 'request_secrets',
      content: JSON.stringify([{ secretName: 'A_KEY', description: 'a' }]),
    });
    expect(describeCall(action, {})).toEqual({ title: 'Request secrets', type: 'request_secrets' });
    expect(chatToolsPrompt('secret')).toMatch(/^- request_secrets \{secrets\}: asks the builder/);
  });
});
