import { describe, expect, it } from 'vitest';
import {
  entityPermissions,
  entitySchemaSchema,
  isEmptyRow,
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

  it('tells empty rows', () => {
    expect(isEmptyRow({ a: '', b: null, c: [] })).toBe(true);
    expect(isEmptyRow({ a: 0 })).toBe(false);
  });
});
