import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { UsageRecord } from '@buildai/domain';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { activateAndPublish, json, makeTool, readRunEvents, fakeLlmConfig } from './helpers';

let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
});
afterAll(() => llm.close());
// The days are counted on the test's clock and the server's, which are one clock: held still for each test, so that a
// test running over midnight (UTC) or a step of the machine's clock cannot put the two on different days.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});
afterEach(async () => {
  vi.useRealTimers();
  await server?.close();
  llm.reset();
});

const DAY_MS = 86_400_000;
const startOfToday = () => Date.now() - (Date.now() % DAY_MS);
/** A moment on the UTC day `daysAgo` days before today. */
const onDay = (daysAgo: number, minute = 1) => new Date(startOfToday() - daysAgo * DAY_MS + minute * 60_000);
const isoDay = (daysAgo: number) => new Date(startOfToday() - daysAgo * DAY_MS).toISOString().slice(0, 10);

async function start() {
  server = await startTestServer({
    ...fakeLlmConfig(llm),
  });
  const builder = await signUpBuilder(server);
  const tool = await makeTool(server, builder.idToken, { header: 'Slogans' });
  return { builder, ...tool };
}

/** A second tool of the app, placed after the first. */
async function addTool(appId: string) {
  const toolId = `tool-${randomBytes(4).toString('hex')}`;
  await server.platform.db.insert(schema.tools).values({
    toolId,
    appId,
    title: 'Poems',
    path: 'poems',
    status: 'active',
    position: 5,
    definition: { header: 'Poems', gptPrompt: 'A poem' } as never,
  });
  return toolId;
}

async function seed(
  appId: string,
  toolId: string,
  userKey: string,
  createdAt: Date,
  tokens: number | null,
  extra: Partial<typeof schema.runs.$inferInsert> = {},
) {
  await server.platform.db.insert(schema.runs).values({
    runId: `seed-${randomBytes(6).toString('hex')}`,
    appId,
    toolId,
    userKey,
    inputs: {},
    status: 'succeeded',
    model: 'gpt-4o-mini',
    credits: 2,
    usage: tokens === null ? null : ({ totalTokens: tokens } as UsageRecord),
    createdAt,
    ...extra,
  });
}

const analytics = (appId: string, token?: string, query = '') =>
  server.request(`/api/apps/${appId}/analytics${query}`, { token });

describe('app analytics', () => {
  it('adds up runs, distinct users, tokens and credits per UTC day and per tool', async () => {
    const { builder, appId, toolId } = await start();
    await activateAndPublish(server, builder.idToken, appId, toolId);
    const poems = await addTool(appId);

    // today: ann twice on the first tool, bob once on each tool
    await seed(appId, toolId, 'anon:ann', onDay(0, 1), 100);
    await seed(appId, toolId, 'anon:ann', onDay(0, 2), 50);
    await seed(appId, toolId, 'acct:bob', onDay(0, 3), 10);
    await seed(appId, poems, 'acct:bob', onDay(0, 4), 7, { credits: 5 });
    // three days ago: ann on the poems tool, a run still going (no usage yet)
    await seed(appId, poems, 'anon:ann', onDay(3), null, { status: 'running' });
    // twenty-nine days ago: the first day of the default range
    await seed(appId, toolId, 'anon:cid', onDay(29), 1000);
    // not counted: thirty days ago (before the range), and a run the provider failed
    await seed(appId, toolId, 'anon:dan', onDay(30), 99999);
    await seed(appId, toolId, 'anon:eve', onDay(0, 5), 3, {
      status: 'failed',
      errorCode: 'ai/provider-failed',
      credits: 0,
    });

    const res = await analytics(appId, builder.idToken);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toMatchObject({
      appId,
      header: 'Slogans',
      isPublished: true,
      from: isoDay(29),
      to: isoDay(0),
      totals: { runs: 6, users: 3, tokens: 1167, credits: 15 },
    });

    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({ date: isoDay(29), runs: 1, users: 1, tokens: 1000, credits: 2 });
    expect(body.days[26]).toEqual({ date: isoDay(3), runs: 1, users: 1, tokens: 0, credits: 2 });
    expect(body.days[29]).toEqual({ date: isoDay(0), runs: 4, users: 2, tokens: 167, credits: 11 });
    expect(body.days[10]).toEqual({ date: isoDay(19), runs: 0, users: 0, tokens: 0, credits: 0 });
    const dates = body.days.map((d: { date: string }) => d.date);
    expect(new Set(dates).size).toBe(30);
    expect([...dates].sort()).toEqual(dates);

    expect(body.tools.map((t: { toolId: string }) => t.toolId)).toEqual([toolId, poems]);
    const [first, second] = body.tools;
    expect(first).toMatchObject({ title: expect.any(String), runs: 4, users: 3, tokens: 1160, credits: 8 });
    expect(second).toMatchObject({ title: 'Poems', path: 'poems', runs: 2, users: 2, tokens: 7, credits: 7 });
    expect(first.days).toHaveLength(30);
    expect(first.days[29]).toEqual({ date: isoDay(0), runs: 3, users: 2, tokens: 160, credits: 6 });
    expect(second.days[29]).toEqual({ date: isoDay(0), runs: 1, users: 1, tokens: 7, credits: 5 });
    expect(second.days[26]).toEqual({ date: isoDay(3), runs: 1, users: 1, tokens: 0, credits: 2 });
    expect(second.days[0]).toEqual({ date: isoDay(29), runs: 0, users: 0, tokens: 0, credits: 0 });

    // a shorter and a longer range
    const week = await json(await analytics(appId, builder.idToken, '?days=7'));
    expect(week).toMatchObject({
      from: isoDay(6),
      to: isoDay(0),
      totals: { runs: 5, users: 2, tokens: 167 },
    });
    expect(week.days).toHaveLength(7);
    const quarter = await json(await analytics(appId, builder.idToken, '?days=90'));
    expect(quarter.totals).toMatchObject({ runs: 7, users: 4, tokens: 101_166 });
    expect(quarter.days).toHaveLength(90);
  });

  it('counts runs made through the run API, with their users and tokens', async () => {
    const { builder, appId, toolId, path } = await start();
    await activateAndPublish(server, builder.idToken, appId, toolId);
    llm.respondWith(() => ({ text: 'A slogan', usage: { prompt_tokens: 20, completion_tokens: 5 } }));
    const runOnce = (cookie?: string) =>
      server.request(`/api/apps/${appId}/tools/${path}/run`, {
        method: 'POST',
        headers: cookie ? { cookie } : {},
        json: { inputs: { topic: 'tea' } },
      });
    const first = await runOnce();
    await readRunEvents(first);
    const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
    await readRunEvents(await runOnce(cookie));
    await readRunEvents(await runOnce());

    const body = await json(await analytics(appId, builder.idToken, '?days=1'));
    expect(body.totals).toEqual({ runs: 3, users: 2, tokens: 75, credits: 3 });
    expect(body.days).toEqual([{ date: isoDay(0), runs: 3, users: 2, tokens: 75, credits: 3 }]);
  });

  it('is for the owner of a published app only', async () => {
    const { builder, appId, toolId } = await start();
    const before = await analytics(appId, builder.idToken);
    expect(before.status).toBe(403);
    expect((await json(before)).error).toEqual({
      code: 'analytics/not-published',
      message: 'Publish your app to access analytics',
    });

    await activateAndPublish(server, builder.idToken, appId, toolId);
    expect((await analytics(appId, builder.idToken)).status).toBe(200);

    const other = await signUpBuilder(server);
    const foreign = await analytics(appId, other.idToken);
    expect(foreign.status).toBe(404);
    expect((await json(foreign)).error.code).toBe('app/not-found');
    expect((await analytics('no-such-app', builder.idToken)).status).toBe(404);
    expect((await analytics(appId)).status).toBe(401);

    for (const days of ['0', '366', 'abc', '1.5']) {
      const bad = await analytics(appId, builder.idToken, `?days=${days}`);
      expect(bad.status).toBe(400);
      expect((await json(bad)).error).toMatchObject({ code: 'request/invalid', field: 'days' });
    }
    expect((await json(await analytics(appId, builder.idToken, '?days=365'))).days).toHaveLength(365);
  });

  it('forgets the runs of a deleted tool', async () => {
    const { builder, appId, toolId } = await start();
    await activateAndPublish(server, builder.idToken, appId, toolId);
    const poems = await addTool(appId);
    await seed(appId, poems, 'anon:ann', onDay(1), 4);
    expect((await json(await analytics(appId, builder.idToken))).totals.runs).toBe(1);
    await server.platform.db.delete(schema.tools).where(eq(schema.tools.toolId, poems));
    const body = await json(await analytics(appId, builder.idToken));
    expect(body.totals.runs).toBe(0);
    expect(body.tools).toHaveLength(1);
  });
});
