import { describe, expect, it } from 'vitest';
import { appBridgeReplySchema, appBridgeRequestSchema, appMeResponse } from './app-bridge';
import { MAX_APP_BRIDGE_REQUEST_CHARS } from './app-bridge-protocol';
import { MAX_BULK_RECORDS } from './entities';

// The data bridge's shapes (docs/decisions/0008, "The data bridge"): what the shell takes from an app's frame.

const data = (op: string, args: unknown, entity = 'Task') => ({
  source: 'buildai-app',
  type: 'data',
  id: 'r1',
  op,
  entity,
  args,
});
const ok = (value: unknown) => appBridgeRequestSchema.safeParse(value).success;

describe('appBridgeRequestSchema', () => {
  it('takes each operation with its own arguments', () => {
    expect(ok(data('list', {}))).toBe(true);
    expect(ok(data('list', { limit: 200, cursor: 'abc' }))).toBe(true);
    expect(ok(data('get', { id: 'r1' }))).toBe(true);
    expect(ok(data('create', { fields: { title: 'x', tags: ['a'], meta: { n: 1 } } }))).toBe(true);
    expect(ok(data('update', { id: 'r1', fields: { done: true } }))).toBe(true);
    expect(ok(data('delete', { id: 'r1' }))).toBe(true);
    expect(ok(data('bulkCreate', { records: [{ title: 'a' }] }))).toBe(true);
    for (const op of ['me', 'signIn', 'signUp', 'signOut'])
      expect(ok({ source: 'buildai-app', type: 'auth', id: 'a1', op })).toBe(true);
  });

  it('refuses other operations, entity names, unknown arguments and out-of-bound values', () => {
    expect(ok(data('drop', {}))).toBe(false);
    expect(ok(data('list', {}, 'Task/../x'))).toBe(false);
    expect(ok(data('list', {}, '1Task'))).toBe(false);
    expect(ok(data('list', { limit: 0 }))).toBe(false);
    expect(ok(data('list', { limit: 201 }))).toBe(false);
    expect(ok(data('list', { where: 'x' }))).toBe(false);
    expect(ok(data('get', {}))).toBe(false);
    expect(ok(data('get', { id: '' }))).toBe(false);
    expect(ok(data('get', { id: 'x'.repeat(101) }))).toBe(false);
    expect(ok(data('create', { fields: [] }))).toBe(false);
    expect(ok(data('update', { fields: {} }))).toBe(false);
    expect(ok(data('bulkCreate', { records: [] }))).toBe(false);
    expect(
      ok(data('bulkCreate', { records: Array.from({ length: MAX_BULK_RECORDS + 1 }, () => ({ a: 1 })) })),
    ).toBe(false);
    expect(ok({ ...data('list', {}), id: 'has space' })).toBe(false);
    expect(ok({ ...data('list', {}), source: 'buildai-shell' })).toBe(false);
    expect(ok({ source: 'buildai-app', type: 'auth', id: 'a1', op: 'becomeAdmin' })).toBe(false);
  });

  it(`refuses a write over ${MAX_APP_BRIDGE_REQUEST_CHARS} characters of JSON`, () => {
    const text = 'x'.repeat(MAX_APP_BRIDGE_REQUEST_CHARS);
    expect(ok(data('create', { fields: { text } }))).toBe(false);
    expect(ok(data('create', { fields: { text: text.slice(0, MAX_APP_BRIDGE_REQUEST_CHARS - 100) } }))).toBe(
      true,
    );
  });
});

describe('replies and me', () => {
  it('has a result or an error with code, message and status', () => {
    const base = { source: 'buildai-shell', type: 'reply', id: 'r1' };
    expect(appBridgeReplySchema.safeParse({ ...base, ok: true, result: [] }).success).toBe(true);
    expect(
      appBridgeReplySchema.safeParse({
        ...base,
        ok: false,
        error: { code: 'auth/forbidden', message: 'No', status: 403 },
      }).success,
    ).toBe(true);
    expect(appBridgeReplySchema.safeParse({ ...base, ok: false, error: { message: 'No' } }).success).toBe(
      false,
    );
    expect(appMeResponse.parse({ user: null })).toEqual({ user: null });
    expect(appMeResponse.safeParse({ user: { id: 'u', email: 'a@b.c', role: 'owner' } }).success).toBe(false);
  });
});
