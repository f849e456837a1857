import { describe, expect, it } from 'vitest';
import {
  defaultColumnWidth,
  entityColumns,
  entityPermissions,
  entitySchemaSchema,
  inferColumnType,
  isEmptyRow,
  isLongText,
  parseBooleanCell,
  parseJsonCell,
  permissionChangeMessage,
  permissionDescription,
  permissionPresets,
} from './entities';

describe('entity permissions (spec 001 §6)', () => {
  it('defaults to creator for both', () => {
    expect(entityPermissions({})).toEqual({ read: 'creator', write: 'creator' });
    expect(
      entityPermissions({ 'x-accessControl': { permissions: { read: 'all', write: 'admin' } } }),
    ).toEqual({
      read: 'all',
      write: 'admin',
    });
  });

  it('labels the six presets and names any other pair', () => {
    expect(permissionPresets.map((p) => permissionDescription(p))).toEqual([
      'Admin Only Read, Anonymous Write',
      'Anonymous Read, Admin Write',
      'Public Read, Admin Write',
      'Public Read, Creator Write',
      'Creator Only',
      'Admin Only',
    ]);
    expect(permissionDescription({ read: 'none', write: 'all' })).toBe('None Read, Public Write');
    expect(permissionDescription({ read: 'anonymous', write: 'anonymous' })).toBe(
      'Anonymous Read, Anonymous Write',
    );
  });

  it('phrases the chat request', () => {
    expect(permissionChangeMessage('Task', 'Creator Only')).toBe(
      'Please change the permissions for entity "Task" to "Creator Only".',
    );
  });
});

describe('entity schema', () => {
  it('accepts properties, required and access control', () => {
    const parsed = entitySchemaSchema.safeParse({
      type: 'object',
      properties: { title: { type: 'string' }, done: { type: 'boolean' } },
      required: ['title'],
      'x-accessControl': { permissions: { read: 'all', write: 'creator' } },
    });
    expect(parsed.success).toBe(true);
  });

  it('refuses system fields, bad names, unknown required fields and unknown permission values', () => {
    const problems = (schema: unknown) =>
      entitySchemaSchema.safeParse(schema).error?.issues.map((i) => i.message) ?? [];
    expect(problems({ properties: { id: { type: 'string' } } })).toEqual(['"id" is set by the app database']);
    expect(problems({ properties: { 'a-b': { type: 'string' } } })).toEqual([
      '"a-b" is not a valid property name (a letter or _, then letters, digits or _)',
    ]);
    expect(problems({ properties: { a: { type: 'string' } }, required: ['b'] })).toEqual([
      '"b" is required but not a property',
    ]);
    expect(
      entitySchemaSchema.safeParse({
        properties: {},
        'x-accessControl': { permissions: { read: 'everyone', write: 'creator' } },
      }).success,
    ).toBe(false);
  });
});

describe('column types (spec 001 §3)', () => {
  it('infers each type in the spec order', () => {
    expect(inferColumnType('coverImage', { type: 'string' })).toBe('image');
    expect(inferColumnType('due', { type: 'string', format: 'date-time' })).toBe('datetime');
    expect(inferColumnType('done', { type: 'boolean' })).toBe('boolean');
    expect(inferColumnType('status', { type: 'string', enum: ['open', 'closed'] })).toBe('select');
    expect(inferColumnType('title', { type: 'string' })).toBe('text');
    expect(inferColumnType('price', { type: 'number' })).toBe('number');
    expect(inferColumnType('count', { type: 'integer' })).toBe('number');
    expect(inferColumnType('tags', { type: 'array', items: { type: 'string', enum: ['a', 'b'] } })).toBe(
      'multiselect',
    );
    expect(inferColumnType('list', { type: 'array', items: { type: 'string' } })).toBe('json');
    expect(inferColumnType('meta', { type: 'object' })).toBe('json');
    expect(inferColumnType('note', { type: ['string', 'null'] })).toBe('text');
  });

  it('adds read-only Created At and User ID and sizes multiselect wider', () => {
    const columns = entityColumns({
      properties: {
        status: { type: 'string', enum: ['open'] },
        tags: { type: 'array', items: { enum: ['x'] } },
      },
    });
    expect(columns.map((c) => [c.id, c.label, c.dataType, c.readonly])).toEqual([
      ['status', 'status', 'select', false],
      ['tags', 'tags', 'multiselect', false],
      ['createdAt', 'Created At', 'datetime', true],
      ['creatorId', 'User ID', 'text', true],
    ]);
    expect(columns[0]!.options[0]!.backgroundColor).toMatch(/^hsl\(\d+, 95%, 90%\)$/);
    expect(defaultColumnWidth('multiselect')).toBe(200);
    expect(defaultColumnWidth('text')).toBe(100);
  });
});

describe('cells (spec 001 §5)', () => {
  it('reads booleans', () => {
    for (const v of [true, 'true', 1, '1']) expect(parseBooleanCell(v)).toBe(true);
    for (const v of [false, 'false', 0, '0']) expect(parseBooleanCell(v)).toBe(false);
    expect(parseBooleanCell('yes')).toBeNull();
  });

  it('reads JSON: empty is null, invalid names the parser message', () => {
    expect(parseJsonCell('  ')).toEqual({ ok: true, value: null });
    expect(parseJsonCell('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    const bad = parseJsonCell('{a');
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.message.startsWith('Invalid JSON: ')).toBe(true);
  });

  it('tells long text and empty rows', () => {
    expect(isLongText('x'.repeat(50))).toBe(false);
    expect(isLongText('x'.repeat(51))).toBe(true);
    expect(isLongText('a\nb')).toBe(true);
    expect(isEmptyRow({ a: '', b: null, c: [] })).toBe(true);
    expect(isEmptyRow({ a: 0 })).toBe(false);
  });
});
