import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { expectError, json } from './helpers';
import { newApp, openSignUp, putEntity, recordsUrl, signUpEndUser } from './entities-helpers';

/** The app database's routes for the app's owner: entities, records, validation, paging, bulk, User, limits. */

let server: TestServer;
let owner: string;
let appId: string;

const taskSchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    done: { type: 'boolean' },
    priority: { type: 'string', enum: ['low', 'high'] },
    points: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
  },
  required: ['title'],
  'x-accessControl': { permissions: { read: 'creator', write: 'creator' } },
};

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
  owner = (await signUpBuilder(server)).idToken;
  appId = await newApp(server, owner);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const call = (path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(path, { token: owner, ...init });

describe('entities', () => {
  it('creates (201), replaces (200), lists without User and deletes an entity with its records', async () => {
    let res = await call(`/api/apps/${appId}/entities/Note`, {
      method: 'PUT',
      json: { schema: { properties: { text: { type: 'string' } } } },
    });
    expect(res.status).toBe(201);
    expect(await json(res)).toEqual({ name: 'Note', schema: { properties: { text: { type: 'string' } } } });
    res = await call(`/api/apps/${appId}/entities/Note`, {
      method: 'PUT',
      json: { schema: { properties: { text: { type: 'string' }, n: { type: 'number' } } } },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).schema.properties.n).toEqual({ type: 'number' });
    expect(
      (await call(recordsUrl(appId, 'Note'), { method: 'POST', json: { fields: { text: 'hi' } } })).status,
    ).toBe(201);
    const list = await json(await call(`/api/apps/${appId}/entities`));
    expect(list.entities.map((e: { name: string }) => e.name)).toEqual(['Note']);
    expect((await call(`/api/apps/${appId}/entities/Note`, { method: 'DELETE' })).status).toBe(204);
    expect((await json(await call(`/api/apps/${appId}/entities`))).entities).toEqual([]);
    await expectError(await call(recordsUrl(appId, 'Note')), 404, 'entity/not-found', 'Entity not found');
    await expectError(
      await call(`/api/apps/${appId}/entities/Note`, { method: 'DELETE' }),
      404,
      'entity/not-found',
      'Entity not found',
    );
  });

  it('keeps the order of the properties as written (the table shows its columns in that order)', async () => {
    const properties = {
      zebra: { type: 'string' },
      description: { type: 'string' },
      a: { type: 'number' },
      createdOn: { type: 'string', format: 'date-time' },
    };
    await putEntity(server, owner, appId, 'Ordered', { properties, required: ['zebra'] });
    const listed = await json(await call(`/api/apps/${appId}/entities`));
    const ordered = listed.entities.find((e: { name: string }) => e.name === 'Ordered');
    expect(Object.keys(ordered.schema)).toEqual(['properties', 'required']);
    expect(Object.keys(ordered.schema.properties)).toEqual(['zebra', 'description', 'a', 'createdOn']);
    expect((await call(`/api/apps/${appId}/entities/Ordered`, { method: 'DELETE' })).status).toBe(204);
  });

  it('refuses the built-in User entity, bad names and bad schemas', async () => {
    const builtin = "The User entity is built in; only its records' roles can be changed";
    await expectError(
      await call(`/api/apps/${appId}/entities/User`, { method: 'PUT', json: { schema: { properties: {} } } }),
      400,
      'entity/builtin',
      builtin,
    );
    await expectError(
      await call(`/api/apps/${appId}/entities/User`, { method: 'DELETE' }),
      400,
      'entity/builtin',
      builtin,
    );
    const bad = await call(`/api/apps/${appId}/entities/9lives`, {
      method: 'PUT',
      json: { schema: { properties: {} } },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).error.field).toBe('name');
    const reserved = await call(`/api/apps/${appId}/entities/Thing`, {
      method: 'PUT',
      json: { schema: { properties: { id: { type: 'string' } } } },
    });
    expect(reserved.status).toBe(400);
    expect((await json(reserved)).error.message).toBe(
      'schema.properties.id: "id" is set by the app database',
    );
    const noProps = await call(`/api/apps/${appId}/entities/Thing`, { method: 'PUT', json: { schema: {} } });
    expect(noProps.status).toBe(400);
  });

  it('answers 404 app/not-found for an unknown app and to anyone but the owner, 401 without a token', async () => {
    const other = (await signUpBuilder(server)).idToken;
    await expectError(
      await server.request(`/api/apps/nope/entities`, { token: owner }),
      404,
      'app/not-found',
      'App not found',
    );
    await expectError(
      await server.request(`/api/apps/${appId}/entities`, { token: other }),
      404,
      'app/not-found',
      'App not found',
    );
    await expectError(
      await server.request(`/api/apps/${appId}/entities/X`, {
        method: 'PUT',
        token: other,
        json: { schema: { properties: {} } },
      }),
      404,
      'app/not-found',
      'App not found',
    );
    expect((await server.request(`/api/apps/${appId}/entities`)).status).toBe(401);
    await expectError(
      await server.request(recordsUrl('nope', 'Task')),
      404,
      'app/not-found',
      'App not found',
    );
  });
});

describe('records', () => {
  beforeAll(async () => {
    await putEntity(server, owner, appId, 'Task', taskSchema);
  });

  it('creates, gets, patches and deletes a record', async () => {
    let res = await call(recordsUrl(appId, 'Task'), {
      method: 'POST',
      json: { fields: { title: 'Write', points: 3 } },
    });
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({
      id: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      creatorId: expect.any(String),
      title: 'Write',
      points: 3,
    });
    expect(await json(await call(recordsUrl(appId, 'Task', `/${created.id}`)))).toEqual(created);
    res = await call(recordsUrl(appId, 'Task', `/${created.id}`), {
      method: 'PATCH',
      json: { done: true, points: null },
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ ...created, done: true, points: undefined });
    // the create body's form is taken too
    res = await call(recordsUrl(appId, 'Task', `/${created.id}`), {
      method: 'PATCH',
      json: { fields: { points: 5 } },
    });
    expect(await json(res)).toEqual({ ...created, done: true, points: 5 });
    await expectError(
      await call(recordsUrl(appId, 'Task', `/${created.id}`), { method: 'PATCH', json: { title: null } }),
      400,
      'record/invalid',
      'title: is required',
      'title',
    );
    expect((await call(recordsUrl(appId, 'Task', `/${created.id}`), { method: 'DELETE' })).status).toBe(204);
    await expectError(
      await call(recordsUrl(appId, 'Task', `/${created.id}`)),
      404,
      'record/not-found',
      'Record not found',
    );
    await expectError(
      await call(recordsUrl(appId, 'Task', `/${created.id}`), { method: 'DELETE' }),
      404,
      'record/not-found',
      'Record not found',
    );
    await expectError(
      await call(recordsUrl(appId, 'Task', `/${created.id}`), { method: 'PATCH', json: { done: false } }),
      404,
      'record/not-found',
      'Record not found',
    );
  });

  it('takes a body without `fields` as the fields, and `fields` as a field when the entity has one', async () => {
    const bare = await json(
      await call(recordsUrl(appId, 'Task'), { method: 'POST', json: { title: 'Bare' } }),
    );
    expect(bare.title).toBe('Bare');
    await putEntity(server, owner, appId, 'Form', {
      properties: { fields: { type: 'object' }, name: { type: 'string' } },
    });
    const form = await json(
      await call(recordsUrl(appId, 'Form'), { method: 'POST', json: { fields: { a: 1 }, name: 'x' } }),
    );
    expect(form).toMatchObject({ fields: { a: 1 }, name: 'x' });
  });

  it('names the field of a bad value', async () => {
    const cases: [unknown, string, string][] = [
      [{ title: 5 }, 'title: must be string', 'title'],
      [{ title: 'x', priority: 'urgent' }, 'priority: must be one of "low", "high"', 'priority'],
      [{ title: 'x', points: 'many' }, 'points: must be number', 'points'],
      [{ points: 1 }, 'title: is required', 'title'],
      [{ title: 'x', tags: [1] }, 'tags.0: must be string', 'tags.0'],
      [{ title: 'x', id: 'mine' }, 'id: is set by the app database', 'id'],
    ];
    for (const [fields, message, field] of cases) {
      await expectError(
        await call(recordsUrl(appId, 'Task'), { method: 'POST', json: { fields } }),
        400,
        'record/invalid',
        message,
        field,
      );
    }
    await expectError(
      await call(recordsUrl(appId, 'Task'), { method: 'POST', json: { fields: {} } }),
      400,
      'record/empty',
      'An empty row cannot be saved',
    );
    await expectError(
      await call(recordsUrl(appId, 'Task'), { method: 'POST', json: { fields: { title: '', tags: [] } } }),
      400,
      'record/empty',
      'An empty row cannot be saved',
    );
    const one = await json(
      await call(recordsUrl(appId, 'Task'), { method: 'POST', json: { fields: { title: 'ok' } } }),
    );
    await expectError(
      await call(recordsUrl(appId, 'Task', `/${one.id}`), { method: 'PATCH', json: { done: 'yes' } }),
      400,
      'record/invalid',
      'done: must be boolean',
      'done',
    );
  });

  it('merges concurrent patches of different fields', async () => {
    const one = await json(
      await call(recordsUrl(appId, 'Task'), { method: 'POST', json: { fields: { title: 'merge' } } }),
    );
    const url = recordsUrl(appId, 'Task', `/${one.id}`);
    await Promise.all([
      call(url, { method: 'PATCH', json: { done: true } }),
      call(url, { method: 'PATCH', json: { points: 7 } }),
      call(url, { method: 'PATCH', json: { priority: 'high' } }),
    ]);
    expect(await json(await call(url))).toMatchObject({
      title: 'merge',
      done: true,
      points: 7,
      priority: 'high',
    });
  });

  it('pages newest first with an opaque cursor, null at the end', async () => {
    await putEntity(server, owner, appId, 'Item', { properties: { n: { type: 'number' } } });
    const bulk = await json(
      await call(recordsUrl(appId, 'Item', '/bulk'), {
        method: 'POST',
        json: { records: Array.from({ length: 120 }, (_, n) => ({ n })) },
      }),
    );
    expect(bulk.created).toHaveLength(120);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = (await json(
        await call(recordsUrl(appId, 'Item', `?limit=50${cursor ? `&cursor=${cursor}` : ''}`)),
      )) as { records: { n: number }[]; nextCursor: string | null };
      seen.push(...page.records.map((r) => r.n));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, n) => 119 - n));
    const exact = await json(await call(recordsUrl(appId, 'Item', '?limit=120')));
    expect(exact.records).toHaveLength(120);
    expect(exact.nextCursor).toBeNull();
    const byDefault = await json(await call(recordsUrl(appId, 'Item')));
    expect(byDefault.records).toHaveLength(50);
    expect((await call(recordsUrl(appId, 'Item', '?limit=201'))).status).toBe(400);
    expect((await call(recordsUrl(appId, 'Item', '?limit=0'))).status).toBe(400);
    for (const forged of ['2026-02-30T00:00:00.000000Z|abc', '0000-01-01T00:00:00.000000Z|abc']) {
      const cursor = Buffer.from(forged).toString('base64url');
      expect((await call(recordsUrl(appId, 'Item', `?cursor=${cursor}`))).status).toBe(400);
    }
    await expectError(
      await call(recordsUrl(appId, 'Item', '?cursor=bm9wZQ')),
      400,
      'request/invalid',
      'cursor: is not a cursor this list handed out',
      'cursor',
    );
  });

  it('creates the good records of a bulk request and reports the bad ones by index', async () => {
    const res = await call(recordsUrl(appId, 'Task', '/bulk'), {
      method: 'POST',
      json: { records: [{ title: 'a' }, { title: 3 }, {}, { title: 'b', priority: 'mid' }, { title: 'c' }] },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.created).toHaveLength(2);
    expect(body.failed).toEqual([
      { index: 1, message: 'title: must be string' },
      { index: 2, message: 'An empty row cannot be saved' },
      { index: 3, message: 'priority: must be one of "low", "high"' },
    ]);
    const c = await json(await call(recordsUrl(appId, 'Task', `/${body.created[1]}`)));
    expect(c.title).toBe('c');
    expect(
      (await call(recordsUrl(appId, 'Task', '/bulk'), { method: 'POST', json: { records: [] } })).status,
    ).toBe(400);
  });

  it('takes up to 1000 records in one bulk request, in the order sent', async () => {
    await putEntity(server, owner, appId, 'Many', { properties: { n: { type: 'number' } } });
    const records = Array.from({ length: 1000 }, (_, n) => ({ n }));
    const res = await call(recordsUrl(appId, 'Many', '/bulk'), { method: 'POST', json: { records } });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.created).toHaveLength(1000);
    expect(body.failed).toEqual([]);
    const newest = await json(await call(recordsUrl(appId, 'Many', '?limit=3')));
    expect(newest.records.map((r: { n: number }) => r.n)).toEqual([999, 998, 997]);
    expect(newest.records[0].id).toBe(body.created[999]);
    const tooMany = await call(recordsUrl(appId, 'Many', '/bulk'), {
      method: 'POST',
      json: { records: [...records, { n: 1000 }] },
    });
    expect(tooMany.status).toBe(400);
    expect((await json(tooMany)).error.field).toBe('records');
  });

  it('takes null as no value, and stores it where the property accepts null', async () => {
    await putEntity(server, owner, appId, 'Maybe', {
      properties: { a: { type: 'string' }, b: { type: ['string', 'null'] } },
    });
    const created = await json(
      await call(recordsUrl(appId, 'Maybe'), { method: 'POST', json: { fields: { a: 'x', b: null } } }),
    );
    expect(created).toMatchObject({ a: 'x', b: null });
    const dropped = await json(
      await call(recordsUrl(appId, 'Maybe'), { method: 'POST', json: { fields: { a: null, b: 'y' } } }),
    );
    expect('a' in dropped).toBe(false);
    const patched = await json(
      await call(recordsUrl(appId, 'Maybe', `/${created.id}`), {
        method: 'PATCH',
        json: { a: null, b: 'z' },
      }),
    );
    expect(patched).toEqual({
      id: created.id,
      createdAt: created.createdAt,
      creatorId: created.creatorId,
      b: 'z',
    });
  });

  it('answers 401 to a token that is not valid instead of reading its caller as a visitor', async () => {
    await expectError(
      await server.request(recordsUrl(appId, 'Task'), { token: 'not.a.token' }),
      401,
      'auth/unauthenticated',
      'You need to sign in to do that',
    );
    expect((await server.request(recordsUrl(appId, 'Task'))).status).toBe(200);
  });

  it('answers 404 for an unknown entity or record', async () => {
    await expectError(await call(recordsUrl(appId, 'Nope')), 404, 'entity/not-found', 'Entity not found');
    await expectError(
      await call(recordsUrl(appId, 'Nope'), { method: 'POST', json: { fields: { a: 1 } } }),
      404,
      'entity/not-found',
      'Entity not found',
    );
    await expectError(
      await call(recordsUrl(appId, 'Task', '/unknownid')),
      404,
      'record/not-found',
      'Record not found',
    );
  });

  it('caps request bodies', async () => {
    const big = 'x'.repeat(500_000);
    const res = await call(recordsUrl(appId, 'Task'), { method: 'POST', json: { fields: { title: big } } });
    expect(res.status).toBe(413);
    const large = await call(recordsUrl(appId, 'Task'), {
      method: 'POST',
      json: { fields: { title: 'y'.repeat(150_000) } },
    });
    expect(large.status).toBe(413);
    expect((await json(large)).error.code).toBe('record/too-large');
    const schemaTooBig = await call(`/api/apps/${appId}/entities/Huge`, {
      method: 'PUT',
      json: { schema: { properties: {}, description: 'z'.repeat(300_000) } },
    });
    expect(schemaTooBig.status).toBe(413);
  });
});

describe('the User entity', () => {
  it('lists the app tenant’s users to the owner and lets the owner change a role', async () => {
    await openSignUp(server, appId);
    const ann = await signUpEndUser(server, appId, 'ann@example.com');
    await signUpEndUser(server, appId, 'bob@example.com');
    const page = await json(await call(recordsUrl(appId, 'User')));
    expect(page.records.map((r: { email: string }) => r.email)).toEqual([
      'bob@example.com',
      'ann@example.com',
    ]);
    expect(page.records[1]).toEqual({
      id: ann.userId,
      createdAt: expect.any(String),
      creatorId: ann.userId,
      email: 'ann@example.com',
      role: 'user',
    });
    const first = await json(await call(recordsUrl(appId, 'User', '?limit=1')));
    const second = await json(await call(recordsUrl(appId, 'User', `?limit=1&cursor=${first.nextCursor}`)));
    expect(second.records[0].email).toBe('ann@example.com');
    expect(second.nextCursor).toBeNull();

    const res = await call(recordsUrl(appId, 'User', `/${ann.userId}`), {
      method: 'PATCH',
      json: { role: 'admin' },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).role).toBe('admin');
    expect((await json(await call(recordsUrl(appId, 'User', `/${ann.userId}`)))).role).toBe('admin');
    expect(
      (await call(recordsUrl(appId, 'User', `/${ann.userId}`), { method: 'PATCH', json: { role: 'root' } }))
        .status,
    ).toBe(400);
    await expectError(
      await call(recordsUrl(appId, 'User', `/${ann.userId}`), {
        method: 'PATCH',
        json: { email: 'x@example.com' },
      }),
      400,
      'entity/builtin',
      "The User entity is built in; only its records' roles can be changed",
    );
    expect(
      (await call(recordsUrl(appId, 'User'), { method: 'POST', json: { email: 'c@example.com' } })).status,
    ).toBe(400);
    expect((await call(recordsUrl(appId, 'User', `/${ann.userId}`), { method: 'DELETE' })).status).toBe(400);

    // to anyone else it reads as an entity with `none` permissions
    const asAnn = await server.request(recordsUrl(appId, 'User'), { token: ann.token });
    expect(await json(asAnn)).toEqual({ records: [], nextCursor: null });
    await expectError(
      await server.request(recordsUrl(appId, 'User', `/${ann.userId}`), {
        method: 'PATCH',
        token: ann.token,
        json: { role: 'user' },
      }),
      404,
      'record/not-found',
      'Record not found',
    );
  });
});
