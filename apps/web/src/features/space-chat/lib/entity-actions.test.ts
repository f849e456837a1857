import { describe, expect, it } from 'vitest';
import { actionsOf, touchedPaths } from './actions';
import { diffVersions, versionSnapshot } from './diff';
import type { SpaceUIMessage } from './types';

const message = (parts: unknown[], metadata: SpaceUIMessage['metadata'] = {}) =>
  ({ id: 'a1', role: 'assistant', parts, metadata }) as unknown as SpaceUIMessage;

const TASK = {
  properties: { title: { type: 'string' } },
  'x-accessControl': { permissions: { read: 'all', write: 'admin' } },
};

describe('entity actions as the message shows them', () => {
  it('titles live tool parts, with the asked permissions, then the records the tool inserted', () => {
    const shown = actionsOf(
      message([
        {
          type: 'tool-add_entity',
          toolCallId: 'c1',
          state: 'input-available',
          input: { name: 'Task', schema: TASK },
        },
        {
          type: 'tool-insert_entity_records',
          toolCallId: 'c2',
          state: 'output-available',
          input: { entity: 'Task', records: [{ title: 'a' }, { title: 1 }, { title: 'c' }] },
          output: {
            ok: true,
            inserted: 2,
            failed: [{ index: 1, message: 'title: must be string' }],
            failedCount: 1,
          },
        },
        {
          type: 'tool-import_entities',
          toolCallId: 'c3',
          state: 'output-available',
          input: { entity: 'Nope', records: [{}] },
          output: { ok: false, error: 'There is no entity Nope: create it with add_entity first' },
        },
      ]),
      true,
    );
    expect(shown).toEqual([
      {
        key: 'c1',
        title: 'Add entity Task',
        type: 'add_entity',
        entity: 'Task',
        permissions: { read: 'all', write: 'admin' },
        state: 'running',
        error: undefined,
      },
      {
        key: 'c2',
        title: 'Insert 3 records into Task',
        type: 'insert_entity_records',
        entity: 'Task',
        records: { sent: 3, inserted: 2, failed: [{ index: 1, message: 'title: must be string' }] },
        state: 'complete',
        error: undefined,
      },
      {
        key: 'c3',
        title: 'Import 1 record into Nope',
        type: 'import_entities',
        entity: 'Nope',
        state: 'failed',
        error: 'There is no entity Nope: create it with add_entity first',
      },
    ]);
  });

  it('defaults an entity without x-accessControl to Creator for both, and prefers the permissions the tool kept', () => {
    const [asked, kept] = actionsOf(
      message([
        {
          type: 'tool-add_entity',
          toolCallId: 'c1',
          state: 'input-available',
          input: { name: 'Note', schema: { properties: {} } },
        },
        {
          type: 'tool-edit_entity',
          toolCallId: 'c2',
          state: 'output-available',
          input: { name: 'Task', schema: { properties: {} } },
          output: { ok: true, created: false, permissions: { read: 'anonymous', write: 'admin' } },
        },
      ]),
      true,
    );
    expect(asked!.permissions).toEqual({ read: 'creator', write: 'creator' });
    expect(kept!.permissions).toEqual({ read: 'anonymous', write: 'admin' });
  });

  it('reads stored actions with their entity, permissions and records', () => {
    const [a] = actionsOf(
      message([], {
        actions: [
          {
            title: 'Edit entity Task',
            type: 'edit_entity',
            entity: 'Task',
            isComplete: true,
            isTruncated: false,
            permissions: { read: 'admin', write: 'admin' },
          },
        ],
      }),
      false,
    );
    expect(a).toMatchObject({
      state: 'complete',
      entity: 'Task',
      permissions: { read: 'admin', write: 'admin' },
    });
  });

  it('names entity schemas as entities/{Name}.json for the diff, records actions not at all', () => {
    const shown = actionsOf(
      message([], {
        actions: [
          {
            title: 'Create pages/A.tsx',
            type: 'add_file',
            file: 'pages/A.tsx',
            isComplete: true,
            isTruncated: false,
          },
          {
            title: 'Add entity Task',
            type: 'add_entity',
            entity: 'Task',
            isComplete: true,
            isTruncated: false,
          },
          {
            title: 'Insert 1 record into Task',
            type: 'insert_entity_records',
            entity: 'Task',
            isComplete: true,
            isTruncated: false,
          },
        ],
      }),
      false,
    );
    expect(touchedPaths(shown)).toEqual(['pages/A.tsx', 'entities/Task.json']);
  });
});

describe('the All Changes diff of entity schemas', () => {
  it('shows an added entity, a changed schema and a removed one as pseudo-files', () => {
    const before = versionSnapshot({
      files: [{ path: 'pages/Home.tsx', content: 'x' }],
      entities: [
        { name: 'Task', schema: { properties: { title: { type: 'string' } } } },
        { name: 'Old', schema: { properties: {} } },
      ],
    });
    const after = versionSnapshot({
      files: [{ path: 'pages/Home.tsx', content: 'x' }],
      entities: [
        { name: 'Task', schema: { properties: { title: { type: 'string' }, done: { type: 'boolean' } } } },
        { name: 'Project', schema: { properties: {} } },
      ],
    });
    const entries = diffVersions(before, after);
    expect(entries.map((e) => [e.path, e.status])).toEqual([
      ['entities/Project.json', 'added'],
      ['entities/Task.json', 'modified'],
      ['entities/Old.json', 'deleted'],
    ]);
    expect(entries[1]!.newCode).toContain('"done": {\n');
  });

  it('reads a version without entities (made before the app database) as files only', () => {
    expect(versionSnapshot({ files: [{ path: 'a.ts', content: '1' }] })).toEqual([
      { path: 'a.ts', content: '1' },
    ]);
  });
});
