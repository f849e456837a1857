import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { builderMessages } from '@buildai/domain';
import { openDatabase, schema, type Database } from '@buildai/server';
import {
  BUILDER_PASSWORD,
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { admitRun, RunAdmissions } from '../src/features/runtime';
import { activateAndPublish, json, readRunEvents, fakeLlmConfig } from './helpers';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
});
afterAll(() => llm.close());
afterEach(async () => {
  await server?.close();
  llm.reset();
});

const DAY_MS = 86_400_000;

/**
 * A server on the fake model and a builder's published tool with a remembered field (name), a personal one
 * (email) and a plain one (topic); `settings` are the app's settings, stored before anyone runs it.
 */
async function publishedTool(settings: Record<string, unknown> = {}) {
  // visitors' client addresses come from X-Forwarded-For (the `ip` option of `run`)
  server = await startTestServer({ ...fakeLlmConfig(llm), TRUST_PROXY: 'true' });
  const builder = await signUpBuilder(server);
  const created = await json(
    await server.request('/api/apps/new', { method: 'POST', token: builder.idToken, json: { kind: 'tool' } }),
  );
  const saved = await server.request('/api/apps', {
    method: 'POST',
    token: builder.idToken,
    json: {
      appType: 'tool',
      appId: created.appId,
      app: {
        header: 'Greeter',
        gptPrompt: 'Greet {{name}} about {{topic}}.',
        fields: [
          { name: 'topic', label: 'Topic', type: 'text', required: true },
          { name: 'name', label: 'Name', type: 'text', memorize: true },
          { name: 'email', label: 'Email', type: 'email', personal: true },
        ],
      },
    },
  });
  expect(saved.status).toBe(200);
  await server.platform.db
    .update(schema.apps)
    .set({ appSettings: settings })
    .where(eq(schema.apps.appId, created.appId));
  await activateAndPublish(server, builder.idToken, created.appId, created.toolId);
  return {
    builder,
    appId: created.appId as string,
    toolId: created.toolId as string,
    path: created.path as string,
  };
}

const newUid = () => randomBytes(16).toString('base64url');

function run(
  appId: string,
  path: string,
  opts: {
    inputs?: Record<string, unknown>;
    uid?: string;
    cookie?: string;
    token?: string;
    url?: string;
    /** the visitor's client address */
    ip?: string;
  } = {},
) {
  const headers: Record<string, string> = {};
  if (opts.ip) headers['x-forwarded-for'] = opts.ip;
  if (opts.cookie !== undefined) headers.cookie = opts.cookie;
  else if (opts.uid) headers.cookie = `bai_uid=${opts.uid}`;
  return server.request(opts.url ?? `/api/apps/${appId}/tools/${path}/run`, {
    method: 'POST',
    token: opts.token,
    headers,
    json: { inputs: opts.inputs ?? { topic: 'tea' } },
  });
}

/** Runs to the end of the stream; returns the status and, for a stream, its events. */
async function runToEnd(...args: Parameters<typeof run>) {
  const res = await run(...args);
  if (res.headers.get('content-type')?.includes('text/event-stream')) {
    return { res, status: res.status, events: await readRunEvents(res), body: undefined };
  }
  return { res, status: res.status, events: [], body: await json(res) };
}

const chatRequests = () => llm.requests.filter((r) => r.path === '/v1/chat/completions');

function uidOf(res: Response): string | undefined {
  return res.headers.get('set-cookie')?.match(/bai_uid=([^;]+)/)?.[1];
}

async function seedRun(appId: string, toolId: string, userKey: string, createdAt: Date, extra = {}) {
  await server.platform.db.insert(schema.runs).values({
    runId: `seed-${randomBytes(6).toString('hex')}`,
    appId,
    toolId,
    userKey,
    inputs: { topic: 'old' },
    output: 'old answer',
    status: 'succeeded',
    model: 'gpt-4o-mini',
    credits: 1,
    createdAt,
    ...extra,
  });
}

const runsOf = (appId: string) =>
  server.platform.db.select().from(schema.runs).where(eq(schema.runs.appId, appId));

describe('daily and weekly run limits', () => {
  it('refuses the run past the daily limit with 429 and the limit in the message, before asking the model', async () => {
    const { appId, toolId, path } = await publishedTool({ dailyUserLimit: 2 });
    const uid = newUid();
    // a run late yesterday (UTC) is not today's
    const startOfToday = Date.now() - (Date.now() % DAY_MS);
    await seedRun(appId, toolId, `anon:${uid}`, new Date(startOfToday - 60_000));
    llm.respondWith(() => ({ text: 'Hello' }));

    expect((await runToEnd(appId, path, { uid })).status).toBe(200);
    expect((await runToEnd(appId, path, { uid })).status).toBe(200);
    const refused = await run(appId, path, { uid });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('content-type')).toMatch(/application\/json/);
    expect((await json(refused)).error).toEqual({
      code: 'run/daily-limit',
      message: 'You have reached the daily limit of 2 runs, come back tomorrow',
    });
    expect(builderMessages.dailyLimitReached(2)).toBe(
      'You have reached the daily limit of 2 runs, come back tomorrow',
    );
    expect(chatRequests()).toHaveLength(2);
    expect(await runsOf(appId)).toHaveLength(3);
  });

  it('counts the rolling 7 days for the weekly limit', async () => {
    const { appId, toolId, path } = await publishedTool({ weeklyUserLimit: 3 });
    const uid = newUid();
    const key = `anon:${uid}`;
    const now = Date.now();
    await seedRun(appId, toolId, key, new Date(now - 2 * DAY_MS));
    await seedRun(appId, toolId, key, new Date(now - 7 * DAY_MS + 3_600_000)); // 6 days 23 hours ago
    await seedRun(appId, toolId, key, new Date(now - 8 * DAY_MS)); // outside the week
    await seedRun(appId, toolId, 'anon:someone-else', new Date(now - DAY_MS));
    llm.respondWith(() => ({ text: 'Hello' }));

    expect((await runToEnd(appId, path, { uid })).status).toBe(200);
    const refused = await runToEnd(appId, path, { uid });
    expect(refused.status).toBe(429);
    expect(refused.body!.error).toEqual({
      code: 'run/weekly-limit',
      message: builderMessages.weeklyLimitReached(3),
    });
    expect(refused.body!.error.message).toBe(
      'You have reached the weekly limit of 3 runs, come back next week',
    );
    expect(chatRequests()).toHaveLength(1);
  });

  it('answers the weekly refusal when both limits are reached, and says "1 run" for a limit of one', async () => {
    const { appId, path } = await publishedTool({ dailyUserLimit: 1, weeklyUserLimit: 1 });
    const uid = newUid();
    llm.respondWith(() => ({ text: 'Hello' }));
    expect((await runToEnd(appId, path, { uid })).status).toBe(200);
    const refused = await runToEnd(appId, path, { uid });
    expect(refused.body!.error).toEqual({
      code: 'run/weekly-limit',
      message: 'You have reached the weekly limit of 1 run, come back next week',
    });
  });

  it('lets exactly the limit through when one user fires many runs at once', async () => {
    const limit = 3;
    const { appId, path } = await publishedTool({ dailyUserLimit: limit });
    const uid = newUid();
    llm.respondWith(() => ({ chunks: ['Hel', 'lo'], delayMs: 20 }));
    const results = await Promise.all(
      Array.from({ length: limit + 3 }, () => runToEnd(appId, path, { uid })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    for (const r of results.filter((x) => x.status === 429))
      expect(r.body!.error.code).toBe('run/daily-limit');
    expect(chatRequests()).toHaveLength(limit);
    const rows = await runsOf(appId);
    expect(rows).toHaveLength(limit);
    expect(rows.every((row) => row.userKey === `anon:${uid}` && row.status === 'succeeded')).toBe(true);
  });

  it('keeps the limit across server instances sharing one database', async () => {
    const { appId, toolId } = await publishedTool({ dailyUserLimit: 3 });
    const database = server.platform.database;
    // on PostgreSQL a second instance has a pool of its own; the embedded database belongs to one process
    const url =
      database.kind === 'postgres'
        ? (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
            .connectionString
        : undefined;
    const other: Database = url ? await openDatabase({ url }) : database;
    // each instance admits its runs through its own batches
    const here = new RunAdmissions(database);
    const there = other === database ? here : new RunAdmissions(other);
    try {
      for (let round = 0; round < 3; round++) {
        const userKey = `anon:${newUid()}`;
        const row = (i: number) => ({
          runId: `r${round}-${i}-${randomBytes(4).toString('hex')}`,
          appId,
          toolId,
          userKey,
          credits: 1,
          inputs: { topic: 'tea' },
          status: 'running' as const,
          model: 'gpt-4o-mini',
        });
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, i) =>
            admitRun(i % 2 === 0 ? here : there, row(i), { daily: 3, weekly: null }),
          ),
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
        for (const r of results.filter((x) => x.status === 'rejected'))
          expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'run/daily-limit', status: 429 });
        const stored = await server.platform.db
          .select()
          .from(schema.runs)
          .where(eq(schema.runs.userKey, userKey));
        expect(stored).toHaveLength(3);
      }
    } finally {
      if (other !== database) await other.close();
    }
  });

  it('does not count runs the provider failed', async () => {
    const { appId, path } = await publishedTool({ dailyUserLimit: 1 });
    const uid = newUid();
    llm.enqueue({ error: { status: 400, message: 'context length exceeded' } });
    const failed = await runToEnd(appId, path, { uid });
    expect(failed.events.at(-1)).toMatchObject({ type: 'error', code: 'ai/provider-failed' });
    llm.respondWith(() => ({ text: 'Hello' }));
    expect((await runToEnd(appId, path, { uid })).status).toBe(200);
    expect((await runToEnd(appId, path, { uid })).status).toBe(429);
    const rows = await runsOf(appId);
    expect(rows.map((r) => [r.status, r.credits]).sort()).toEqual([
      ['failed', 0],
      ['succeeded', 1],
    ]);
  });

  it('leaves apps without limits unlimited', async () => {
    const { appId, path } = await publishedTool();
    const uid = newUid();
    llm.respondWith(() => ({ text: 'Hello' }));
    for (let i = 0; i < 4; i++) expect((await runToEnd(appId, path, { uid })).status).toBe(200);
    expect(await runsOf(appId)).toHaveLength(4);
  });
});

describe('end users', () => {
  it('tells anonymous users apart by the bai_uid cookie and issues one when missing or malformed', async () => {
    const { appId, path } = await publishedTool({ dailyUserLimit: 1 });
    llm.respondWith(() => ({ text: 'Hello' }));

    const first = await runToEnd(appId, path);
    expect(first.status).toBe(200);
    const cookie = first.res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^bai_uid=[A-Za-z0-9_-]{22};/);
    expect(cookie).toMatch(/Max-Age=31536000/);
    expect(cookie).toMatch(/Path=\/api/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const uid = uidOf(first.res)!;

    // the same visitor is held to the limit and not given a new cookie
    const again = await runToEnd(appId, path, { uid });
    expect(again.status).toBe(429);
    // another visitor is not
    const other = await runToEnd(appId, path, { uid: newUid(), ip: '10.0.0.2' });
    expect(other.status).toBe(200);
    expect(other.res.headers.get('set-cookie')).toBeNull();
    // a cookie we did not issue is replaced by a new one
    const forged = await runToEnd(appId, path, { cookie: 'bai_uid=not-one-of-ours', ip: '10.0.0.3' });
    expect(forged.status).toBe(200);
    const replaced = uidOf(forged.res);
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(replaced).not.toBe(uid);

    const keys = (await runsOf(appId)).map((r) => r.userKey);
    expect(keys).toContain(`anon:${uid}`);
    expect(keys).toContain(`anon:${replaced}`);
    expect(new Set(keys).size).toBe(3);
  });

  it('counts an anonymous visitor by client address too, so a new browser window does not reset the limit', async () => {
    const { appId, path } = await publishedTool({ dailyUserLimit: 1 });
    llm.respondWith(() => ({ text: 'Hello' }));
    expect((await runToEnd(appId, path, { uid: newUid(), ip: '10.0.0.7' })).status).toBe(200);
    // a new window: no cookie, or a fresh one, from the same address
    const fresh = await runToEnd(appId, path, { ip: '10.0.0.7' });
    expect(fresh.status).toBe(429);
    expect(fresh.body!.error.code).toBe('run/daily-limit');
    expect((await runToEnd(appId, path, { uid: newUid(), ip: '10.0.0.7' })).status).toBe(429);
    // another address is another visitor
    expect((await runToEnd(appId, path, { uid: newUid(), ip: '10.0.0.8' })).status).toBe(200);
    // the address is stored hashed, never as it is
    const keys = (await runsOf(appId)).map((r) => r.clientKey);
    expect(keys).toHaveLength(2);
    for (const key of keys) expect(key).toMatch(/^ip:[A-Za-z0-9_-]{22}$/);
    expect(new Set(keys).size).toBe(2);
  });

  it('marks the cookie Secure on https', async () => {
    const { appId, path } = await publishedTool();
    llm.respondWith(() => ({ text: 'Hello' }));
    const res = await run(appId, path, { url: `https://buildai.test/api/apps/${appId}/tools/${path}/run` });
    expect(res.status).toBe(200);
    await readRunEvents(res);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('tells signed-in end users apart by account, whatever cookie they carry', async () => {
    const { builder, appId, path } = await publishedTool({ dailyUserLimit: 1, isSignupEnabled: true });
    llm.respondWith(() => ({ text: 'Hello' }));
    const signUp = await server.request('/api/live_api/auth/signUp', {
      method: 'POST',
      json: { email: 'reader@example.com', password: BUILDER_PASSWORD, tenantId: appId },
    });
    expect(signUp.status).toBe(200);
    const { idToken } = await json(signUp);
    expect(
      (await server.request('/api/live_api/account/create', { method: 'POST', token: idToken })).status,
    ).toBe(200);

    const mine = await runToEnd(appId, path, { token: idToken, uid: newUid() });
    expect(mine.status).toBe(200);
    expect(mine.res.headers.get('set-cookie')).toBeNull();
    // a fresh cookie does not make a signed-in user someone else
    expect((await runToEnd(appId, path, { token: idToken, uid: newUid() })).status).toBe(429);
    // the builder is a user of their own, and so is a visitor
    expect((await runToEnd(appId, path, { token: builder.idToken })).status).toBe(200);
    expect((await runToEnd(appId, path, { uid: newUid() })).status).toBe(200);

    const keys = (await runsOf(appId)).map((r) => r.userKey);
    const accountKeys = keys.filter((k) => k.startsWith('acct:'));
    expect(accountKeys).toHaveLength(2);
    expect(new Set(accountKeys).size).toBe(2);
    expect(keys.filter((k) => k.startsWith('anon:'))).toHaveLength(1);
  });
});

describe('run settings', () => {
  it('records the credits per run, 1 by default', async () => {
    const { appId, path } = await publishedTool({ creditsPerRun: 3 });
    llm.respondWith(() => ({ text: 'Hello' }));
    await runToEnd(appId, path);
    expect((await runsOf(appId)).map((r) => r.credits)).toEqual([3]);
    await server.close();

    const plain = await publishedTool();
    await runToEnd(plain.appId, plain.path);
    expect((await runsOf(plain.appId)).map((r) => r.credits)).toEqual([1]);
  });

  it('asks the model of the app settings with their temperature', async () => {
    const { appId, path } = await publishedTool({ aiModel: 'gpt-4o', modelTemperature: 0.3 });
    llm.respondWith(() => ({ text: 'Hello' }));
    const { events } = await runToEnd(appId, path);
    expect(events[0]).toMatchObject({ type: 'start', model: 'gpt-4o' });
    const [sent] = chatRequests();
    expect(sent!.body).toMatchObject({ model: 'gpt-4o', temperature: 0.3 });
    expect((await runsOf(appId))[0]!.model).toBe('gpt-4o');
    await server.close();

    // without settings: the default model at the default temperature
    const plain = await publishedTool();
    llm.reset();
    llm.respondWith(() => ({ text: 'Hello' }));
    await runToEnd(plain.appId, plain.path);
    expect(chatRequests()[0]!.body).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.7 });
  });
});

describe('memories', () => {
  const memoryOf = (appId: string, opts: { uid?: string; token?: string } = {}) =>
    server.request(`/api/live_api/user/memories/current?appId=${appId}`, {
      token: opts.token,
      headers: opts.uid ? { cookie: `bai_uid=${opts.uid}` } : {},
    });

  it('remembers personal and memorize fields of an anonymous visitor, newest value winning', async () => {
    const { appId, path } = await publishedTool();
    llm.respondWith(() => ({ text: 'Hello' }));
    const uid = newUid();
    await runToEnd(appId, path, { uid, inputs: { topic: 'tea', name: 'Ada', email: 'ada@example.com' } });
    const first = await json(await memoryOf(appId, { uid }));
    expect(first).toMatchObject({ appId, values: { name: 'Ada', email: 'ada@example.com' } });
    expect(first.values).not.toHaveProperty('topic');
    expect(Date.parse(first.updatedAt)).not.toBeNaN();

    // a new name replaces the old one; a field left blank keeps what was remembered
    await runToEnd(appId, path, { uid, inputs: { topic: 'coffee', name: 'Grace', email: '' } });
    expect((await json(await memoryOf(appId, { uid }))).values).toEqual({
      name: 'Grace',
      email: 'ada@example.com',
    });
    // another visitor has none, and so has a first-time visitor without a cookie (no error: decision 0006)
    expect(await json(await memoryOf(appId, { uid: newUid() }))).toEqual({
      appId,
      values: {},
      updatedAt: null,
    });
    const firstVisit = await memoryOf(appId);
    expect(firstVisit.status).toBe(200);
    expect(await json(firstVisit)).toEqual({ appId, values: {}, updatedAt: null });
  });

  it('remembers them for a signed-in end user, apart from their anonymous self', async () => {
    const { appId, path } = await publishedTool({ isSignupEnabled: true });
    llm.respondWith(() => ({ text: 'Hello' }));
    const signUp = await server.request('/api/live_api/auth/signUp', {
      method: 'POST',
      json: { email: 'member@example.com', password: BUILDER_PASSWORD, tenantId: appId },
    });
    const { idToken } = await json(signUp);
    await server.request('/api/live_api/account/create', { method: 'POST', token: idToken });
    const uid = newUid();
    await runToEnd(appId, path, { uid, inputs: { topic: 'tea', name: 'Visitor' } });
    await runToEnd(appId, path, { token: idToken, inputs: { topic: 'tea', name: 'Member' } });

    expect((await json(await memoryOf(appId, { token: idToken }))).values).toEqual({ name: 'Member' });
    expect((await json(await memoryOf(appId, { uid }))).values).toEqual({ name: 'Visitor' });
    const [row] = await server.platform.db
      .select()
      .from(schema.userMemories)
      .where(and(eq(schema.userMemories.appId, appId), eq(schema.userMemories.values, { name: 'Member' })));
    expect(row!.userId).not.toBeNull();
    expect(row!.userKey).toBe(`acct:${row!.userId}`);
  });
});

describe('a run result by id', () => {
  it('answers a run of a published app without its personal and remembered fields', async () => {
    const { appId, toolId, path } = await publishedTool();
    llm.enqueue({ chunks: ['Hi ', 'Ada'] });
    const { events } = await runToEnd(appId, path, {
      inputs: { topic: 'tea', name: 'Ada', email: 'ada@example.com' },
    });
    const runId = events[0]!.runId as string;

    const res = await server.request(`/api/apps/${appId}/runs/${runId}`);
    expect(res.status).toBe(200);
    const result = await json(res);
    expect(result).toEqual({
      runId,
      toolId,
      toolPath: path,
      status: 'succeeded',
      output: 'Hi Ada',
      createdAt: expect.any(String),
      inputs: { topic: 'tea' },
      // the app has no data sources: the run cited nothing
      citations: [],
      // read without the run's cookie: someone else's result, with no rating to show
      yours: false,
      rating: null,
    });
    expect(Math.abs(Date.parse(result.createdAt) - Date.now())).toBeLessThan(60_000);

    const missing = await server.request(`/api/apps/${appId}/runs/no-such-run`);
    expect(missing.status).toBe(404);
    expect((await json(missing)).error).toEqual({ code: 'run/not-found', message: 'Result not found' });
    expect((await server.request(`/api/apps/another-app/runs/${runId}`)).status).toBe(404);

    // once the app is no longer published its results are not shown
    await server.platform.db
      .update(schema.apps)
      .set({ isPublished: false })
      .where(eq(schema.apps.appId, appId));
    expect((await server.request(`/api/apps/${appId}/runs/${runId}`)).status).toBe(404);
  });

  it("does not show the owner's runs of an unpublished draft", async () => {
    server = await startTestServer({
      ...fakeLlmConfig(llm),
    });
    const { idToken } = await signUpBuilder(server);
    const created = await json(
      await server.request('/api/apps/new', { method: 'POST', token: idToken, json: { kind: 'tool' } }),
    );
    await server.request('/api/apps', {
      method: 'POST',
      token: idToken,
      json: { appType: 'tool', appId: created.appId, app: { header: 'Draft', gptPrompt: 'Say {{topic}}' } },
    });
    llm.respondWith(() => ({ text: 'Hello' }));
    const { status, events } = await runToEnd(created.appId, created.path, { token: idToken });
    expect(status).toBe(200);
    const runId = events[0]!.runId as string;
    expect(await runsOf(created.appId)).toHaveLength(1);
    const res = await server.request(`/api/apps/${created.appId}/runs/${runId}`, { token: idToken });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('run/not-found');
  });
});
