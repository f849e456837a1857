import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { json } from './helpers';
import { newApp, openSignUp, putEntity, recordsUrl, signUpEndUser } from './entities-helpers';

/**
 * The permission matrix of the app database (issue "The app database"): every read and write value (5 × 5
 * entities) × every caller (anonymous, user A, user B, an app admin end user, the owner builder) × list, get,
 * create, update and delete, against an oracle written from the issue's table, not from the server's code.
 */

const LEVELS = ['anonymous', 'all', 'admin', 'creator', 'none'] as const;
type Level = (typeof LEVELS)[number];
const WHO = ['anonymous', 'userA', 'userB', 'admin', 'owner'] as const;
type Who = (typeof WHO)[number];
/** whose records are seeded in each entity (null: an anonymous visitor's) */
const CREATORS = ['userA', 'userB', 'admin', 'owner', null] as const;
type Creator = (typeof CREATORS)[number];

const signedIn = (who: Who) => who !== 'anonymous';

/** The issue's table, read literally. */
const oracle = {
  read(level: Level, who: Who, creator: Creator): boolean {
    if (who === 'owner') return true;
    switch (level) {
      case 'anonymous':
        return true;
      case 'all':
        return signedIn(who);
      case 'admin':
        return who === 'admin';
      case 'creator':
        return who === 'admin' || (signedIn(who) && creator === who);
      case 'none':
        return false;
    }
  },
  create(level: Level, who: Who): boolean {
    if (who === 'owner') return true;
    switch (level) {
      case 'anonymous':
        return true;
      case 'all':
      case 'creator':
        return signedIn(who);
      case 'admin':
        return who === 'admin';
      case 'none':
        return false;
    }
  },
  /** update and delete */
  write(level: Level, who: Who, creator: Creator): boolean {
    if (who === 'owner') return true;
    switch (level) {
      case 'anonymous':
      case 'creator':
        return who === 'admin' || (signedIn(who) && creator === who);
      case 'all':
        return signedIn(who);
      case 'admin':
        return who === 'admin';
      case 'none':
        return false;
    }
  },
};

/** update/delete: a record the caller cannot read is 404, one they read but may not change 403. */
function writeStatus(read: Level, write: Level, who: Who, creator: Creator, ok: number): number {
  if (!oracle.read(read, who, creator)) return 404;
  return oracle.write(write, who, creator) ? ok : 403;
}

let server: TestServer;
let appId: string;
const tokens = {} as Record<Who, string | undefined>;
const userIds = {} as Record<Exclude<Creator, null>, string>;
let seq = 0;

const entityName = (read: Level, write: Level) => `E_${read}_${write}`;
const combos = LEVELS.flatMap((read) =>
  LEVELS.map((write) => ({ read, write, name: entityName(read, write) })),
);

/** Inserts a record as `creator` straight into the table (a seed, or the target of a delete). */
async function seed(entity: string, creator: Creator, label: string): Promise<string> {
  const id = `seed${(seq++).toString().padStart(6, '0')}`;
  await server.platform.db.insert(schema.appRecords).values({
    id,
    appId,
    entity,
    data: { label },
    creatorId: creator ? userIds[creator] : null,
  });
  return id;
}

/** The seeded records of each entity: creator → id. */
const seeds = new Map<string, Map<Creator, string>>();

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'error' });
  const owner = await signUpBuilder(server);
  tokens.owner = owner.idToken;
  appId = await newApp(server, owner.idToken);
  await openSignUp(server, appId);
  const a = await signUpEndUser(server, appId, 'a@example.com');
  const b = await signUpEndUser(server, appId, 'b@example.com');
  const admin = await signUpEndUser(server, appId, 'admin@example.com');
  const promoted = await server.request(recordsUrl(appId, 'User', `/${admin.userId}`), {
    method: 'PATCH',
    token: owner.idToken,
    json: { role: 'admin' },
  });
  expect(promoted.status).toBe(200);
  const [ownerUser] = await server.platform.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, owner.email));
  Object.assign(tokens, { anonymous: undefined, userA: a.token, userB: b.token, admin: admin.token });
  Object.assign(userIds, { userA: a.userId, userB: b.userId, admin: admin.userId, owner: ownerUser!.id });
  for (const { read, write, name } of combos) {
    await putEntity(server, owner.idToken, appId, name, {
      properties: { label: { type: 'string' } },
      'x-accessControl': { permissions: { read, write } },
    });
    const byCreator = new Map<Creator, string>();
    for (const creator of CREATORS) byCreator.set(creator, await seed(name, creator, `seed of ${creator}`));
    seeds.set(name, byCreator);
  }
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const as = (who: Who, path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(path, { ...init, token: tokens[who] });

describe('the permission matrix', () => {
  it('lists exactly the records each caller may read (filtered in the query)', async () => {
    const wrong: string[] = [];
    for (const { read, name } of combos) {
      for (const who of WHO) {
        const res = await as(who, recordsUrl(appId, name, '?limit=200'));
        if (res.status !== 200) {
          wrong.push(`${name} list as ${who}: ${res.status}`);
          continue;
        }
        const got = ((await json(res)).records as { id: string }[]).map((r) => r.id).sort();
        const expected = CREATORS.filter((c) => oracle.read(read, who, c))
          .map((c) => seeds.get(name)!.get(c)!)
          .sort();
        if (JSON.stringify(got) !== JSON.stringify(expected))
          wrong.push(`${name} list as ${who}: got ${got.length}, expected ${expected.length}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('pages a filtered list without gaps: the creator rule with limit 1', async () => {
    const name = entityName('creator', 'creator');
    const extra = [await seed(name, 'userA', 'a2'), await seed(name, 'userA', 'a3')];
    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await json(
        await as('userA', recordsUrl(appId, name, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`)),
      );
      ids.push(...(page.records as { id: string; creatorId: string }[]).map((r) => r.id));
      cursor = page.nextCursor as string | null;
    } while (cursor);
    expect(ids.sort()).toEqual([seeds.get(name)!.get('userA')!, ...extra].sort());
    for (const id of extra) {
      expect((await as('owner', recordsUrl(appId, name, `/${id}`), { method: 'DELETE' })).status).toBe(204);
    }
  });

  it('gets a record only when the caller may read it (404 otherwise)', async () => {
    const wrong: string[] = [];
    for (const { read, name } of combos) {
      for (const who of WHO) {
        for (const creator of CREATORS) {
          const res = await as(who, recordsUrl(appId, name, `/${seeds.get(name)!.get(creator)}`));
          const expected = oracle.read(read, who, creator) ? 200 : 404;
          if (res.status !== expected)
            wrong.push(`${name} get ${creator}'s as ${who}: ${res.status} ≠ ${expected}`);
          else if (expected === 404 && (await json(res)).error.code !== 'record/not-found')
            wrong.push(`${name} get ${creator}'s as ${who}: not record/not-found`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('updates a record only when the caller may change it (403 when they may only read it, 404 when not even)', async () => {
    const wrong: string[] = [];
    for (const { read, write, name } of combos) {
      for (const who of WHO) {
        for (const creator of CREATORS) {
          const id = seeds.get(name)!.get(creator)!;
          const res = await as(who, recordsUrl(appId, name, `/${id}`), {
            method: 'PATCH',
            json: { label: `changed by ${who}` },
          });
          const expected = writeStatus(read, write, who, creator, 200);
          if (res.status !== expected) {
            wrong.push(`${name} update ${creator}'s as ${who}: ${res.status} ≠ ${expected}`);
            continue;
          }
          const body = await json(res);
          if (expected === 403 && body.error.code !== 'auth/forbidden')
            wrong.push(`${name} update: not auth/forbidden`);
          if (expected === 404 && body.error.code !== 'record/not-found')
            wrong.push(`${name} update: not record/not-found`);
          if (expected === 200 && (body.label !== `changed by ${who}` || body.id !== id))
            wrong.push(`${name} update ${creator}'s as ${who}: answered ${JSON.stringify(body)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // a refused update changed nothing: each seed holds the label of the last caller allowed to change it
    for (const { read, write, name } of combos) {
      for (const creator of CREATORS) {
        const last = [...WHO].reverse().find((who) => writeStatus(read, write, who, creator, 200) === 200);
        const [row] = await server.platform.db
          .select({ data: schema.appRecords.data })
          .from(schema.appRecords)
          .where(eq(schema.appRecords.id, seeds.get(name)!.get(creator)!));
        expect([name, creator, row!.data.label]).toEqual([name, creator, `changed by ${last}`]);
      }
    }
  }, 120_000);

  it('creates a record only when the caller may (403 otherwise), with the caller as its creator', async () => {
    const wrong: string[] = [];
    for (const { write, name } of combos) {
      for (const who of WHO) {
        const res = await as(who, recordsUrl(appId, name), {
          method: 'POST',
          json: { fields: { label: `new by ${who}` } },
        });
        const expected = oracle.create(write, who) ? 201 : 403;
        if (res.status !== expected) {
          wrong.push(`${name} create as ${who}: ${res.status} ≠ ${expected}`);
          continue;
        }
        const body = await json(res);
        const creatorId = who === 'anonymous' ? null : userIds[who];
        if (expected === 201 && body.creatorId !== creatorId)
          wrong.push(`${name} create as ${who}: creator ${body.creatorId}`);
        if (expected === 403 && body.error.code !== 'auth/forbidden')
          wrong.push(`${name} create as ${who}: not auth/forbidden`);
        const bulk = await as(who, recordsUrl(appId, name, '/bulk'), {
          method: 'POST',
          json: { records: [{ label: 'bulk' }] },
        });
        if (bulk.status !== (expected === 201 ? 200 : 403))
          wrong.push(`${name} bulk as ${who}: ${bulk.status}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);

  it('deletes a record only when the caller may change it (403 when they may only read it, 404 when not even)', async () => {
    const wrong: string[] = [];
    for (const { read, write, name } of combos) {
      for (const who of WHO) {
        for (const creator of CREATORS) {
          const id = await seed(name, creator, 'to delete');
          const res = await as(who, recordsUrl(appId, name, `/${id}`), { method: 'DELETE' });
          const expected = writeStatus(read, write, who, creator, 204);
          if (res.status !== expected)
            wrong.push(`${name} delete ${creator}'s as ${who}: ${res.status} ≠ ${expected}`);
          const [row] = await server.platform.db
            .select({ id: schema.appRecords.id })
            .from(schema.appRecords)
            .where(eq(schema.appRecords.id, id));
          if (Boolean(row) !== (expected !== 204))
            wrong.push(`${name} delete ${creator}'s as ${who}: row left ${Boolean(row)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});

describe('callers who are anonymous here', () => {
  it('treats another builder and an end user of another app as anonymous', async () => {
    const otherBuilder = await signUpBuilder(server);
    const otherApp = await newApp(server, otherBuilder.idToken);
    await openSignUp(server, otherApp);
    const stranger = await signUpEndUser(server, otherApp, 'stranger@example.com');
    for (const token of [otherBuilder.idToken, stranger.token]) {
      for (const { read, write, name } of combos) {
        const list = await json(await server.request(recordsUrl(appId, name, '?limit=200'), { token }));
        const anonymous = await json(await server.request(recordsUrl(appId, name, '?limit=200')));
        expect([name, list.records.length]).toEqual([name, anonymous.records.length]);
        const created = await server.request(recordsUrl(appId, name), {
          method: 'POST',
          token,
          json: { label: 'x' },
        });
        expect([name, created.status]).toEqual([name, oracle.create(write, 'anonymous') ? 201 : 403]);
        if (created.status === 201) expect((await json(created)).creatorId).toBeNull();
        const target = seeds.get(name)!.get(null)!;
        const patched = await server.request(recordsUrl(appId, name, `/${target}`), {
          method: 'PATCH',
          token,
          json: { label: 'stolen' },
        });
        expect([name, patched.status]).toEqual([name, writeStatus(read, write, 'anonymous', null, 200)]);
      }
    }
  }, 120_000);

  it('a demoted admin is a user again on the next request', async () => {
    const name = entityName('admin', 'admin');
    expect((await as('admin', recordsUrl(appId, name))).status).toBe(200);
    expect((await json(await as('admin', recordsUrl(appId, name)))).records.length).toBeGreaterThan(0);
    const res = await as('owner', recordsUrl(appId, 'User', `/${userIds.admin}`), {
      method: 'PATCH',
      json: { role: 'user' },
    });
    expect(res.status).toBe(200);
    expect((await json(await as('admin', recordsUrl(appId, name)))).records).toEqual([]);
    await as('owner', recordsUrl(appId, 'User', `/${userIds.admin}`), {
      method: 'PATCH',
      json: { role: 'admin' },
    });
  });
});
