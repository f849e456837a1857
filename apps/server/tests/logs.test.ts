import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { MASKED_VALUE } from '@buildai/domain';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { activate, ask, messagesOf, newUid, publishedApp, readChunks } from './assistant-helpers';
import { signUpEndUser } from './payments-helpers';
import { eventually, expectError, fakeLlmConfig, json, readRunEvents } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

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

const visitorHeaders = (uid: string) => ({ cookie: `bai_uid=${uid}` });

/** A published tool app with its assistant on; a visitor ran the tool and a signed-in user asked the assistant. */
async function startWithRuns() {
  server = await startTestServer(fakeLlmConfig(llm));
  const app = await publishedApp(server, {
    isSignupEnabled: true,
    termsOfServiceLink: 'https://tea.example.com/terms',
    privacyPolicyLink: 'https://tea.example.com/privacy',
    supportEmail: 'help@tea.example.com',
  });
  await activate(server, app.builder.idToken, app.appId);
  const visitor = newUid();
  llm.enqueue({ text: 'Green tea: calm in a cup.', usage: { prompt_tokens: 12, completion_tokens: 6 } });
  const res = await server.request(`/api/apps/${app.appId}/tools/${app.path}/run`, {
    method: 'POST',
    headers: visitorHeaders(visitor),
    json: { inputs: { topic: 'green tea', name: 'Ada', email: 'ada@example.com' } },
  });
  const events = await readRunEvents(res);
  const toolRunId = events.at(-1)!.runId as string;
  const userToken = await signUpEndUser(server, app.appId, 'bea@example.com');
  llm.enqueue({ text: 'We open at nine.' });
  await readChunks(
    await ask(
      server,
      app.appId,
      { message: 'When do you open?', conversationId: 'conv-bea-1' },
      { token: userToken },
    ),
  );
  const turn = await eventually(
    () => server.platform.db.select().from(schema.runs).where(eq(schema.runs.appId, app.appId)),
    (rows) => rows.length === 2 && rows.every((r) => r.status !== 'running'),
  );
  const turnRunId = turn.find((r) => r.toolId === null)!.runId;
  // the answer is stored once the stream ended
  await eventually(
    () => server.platform.db.select().from(schema.assistantMessages),
    (rows) => rows.length === 2,
  );
  return { ...app, visitor, userToken, toolRunId, turnRunId };
}

const logs = (appId: string, token: string, query = '') =>
  server.request(`/api/apps/${appId}/logs${query}`, { token });

describe('the logs of an app', () => {
  it('lists tool runs and assistant turns with who, source, tokens and ratings, masking personal fields', async () => {
    const { builder, appId, toolId, visitor, toolRunId, turnRunId } = await startWithRuns();
    const res = await logs(appId, builder.idToken);
    expect(res.status).toBe(200);
    const page = await json(res);
    expect(page.revealed).toBe(false);
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((e: Json) => e.runId)).toEqual([turnRunId, toolRunId]);
    const [turn, run] = page.items as Json[];
    expect(run).toMatchObject({
      kind: 'tool',
      toolId,
      toolTitle: expect.any(String),
      source: 'web',
      email: null,
      who: visitor,
      status: 'succeeded',
      output: 'Green tea: calm in a cup.',
      usage: { promptTokens: 12, completionTokens: 6, totalTokens: 18 },
      rating: null,
    });
    // the email field is personal: masked until revealed
    expect(run!.inputs).toEqual({ topic: 'green tea', name: 'Ada', email: MASKED_VALUE });
    expect(run!.masked).toEqual(['email']);
    expect(turn).toMatchObject({
      kind: 'assistant',
      toolId: null,
      email: 'bea@example.com',
      conversationId: 'conv-bea-1',
      inputs: { message: 'When do you open?' },
      output: 'We open at nine.',
    });

    // revealing shows the value and is recorded with who did it
    const revealed = await json(await logs(appId, builder.idToken, '?reveal=true'));
    expect(revealed.items[1].inputs.email).toBe('ada@example.com');
    const privacy = await json(
      await server.request(`/api/apps/${appId}/privacy`, { token: builder.idToken }),
    );
    expect(privacy).toMatchObject({ retentionDays: null, keepConversations: true });
    expect(privacy.reveals).toEqual([{ email: builder.email, at: expect.any(String), what: 'list' }]);
    // a search does not find a masked value, only a revealed one
    expect((await json(await logs(appId, builder.idToken, '?q=ada%40example'))).items).toEqual([]);
    expect(
      (await json(await logs(appId, builder.idToken, '?q=ada%40example&reveal=true'))).items,
    ).toHaveLength(1);
  });

  it("takes the end user's rating on their own run only, and filters by it, source, tool, error and date", async () => {
    const { builder, appId, toolId, visitor, userToken, toolRunId, turnRunId } = await startWithRuns();
    const rate = (runId: string, body: unknown, who: { uid?: string; token?: string }) =>
      server.request(`/api/apps/${appId}/runs/${runId}/rating`, {
        method: 'POST',
        json: body,
        headers: who.uid ? visitorHeaders(who.uid) : {},
        ...(who.token ? { token: who.token } : {}),
      });
    // someone else's run: 404, nothing stored
    await expectError(
      await rate(toolRunId, { rating: 'up' }, { uid: newUid() }),
      404,
      'run/not-found',
      'Result not found',
    );
    await expectError(
      await rate(toolRunId, { rating: 'up' }, { token: userToken }),
      404,
      'run/not-found',
      'Result not found',
    );
    // bad input: 400, nothing stored
    const bad = await rate(toolRunId, { rating: 'meh' }, { uid: visitor });
    expect(bad.status).toBe(400);
    const long = await rate(toolRunId, { rating: 'down', reason: 'x'.repeat(501) }, { uid: visitor });
    expect(long.status).toBe(400);
    const [untouched] = await server.platform.db
      .select()
      .from(schema.runs)
      .where(eq(schema.runs.runId, toolRunId));
    expect(untouched).toMatchObject({ rating: null, ratingReason: null });

    const saved = (who: { uid?: string; token?: string }) =>
      server
        .request(`/api/apps/${appId}/runs/${toolRunId}`, {
          headers: who.uid ? visitorHeaders(who.uid) : {},
          ...(who.token ? { token: who.token } : {}),
        })
        .then(json);
    expect(await saved({ uid: visitor })).toMatchObject({ runId: toolRunId, yours: true, rating: null });

    const up = await rate(toolRunId, { rating: 'up' }, { uid: visitor });
    expect(await json(up)).toEqual({ runId: toolRunId, rating: 'up', reason: null });
    // the saved result opened again shows its user their rating; anyone else holding the link neither sees it nor
    // is offered to rate
    expect(await saved({ uid: visitor })).toMatchObject({ yours: true, rating: 'up' });
    expect(await saved({ uid: newUid() })).toMatchObject({ yours: false, rating: null });
    expect(await saved({ token: userToken })).toMatchObject({ yours: false, rating: null });
    expect(await saved({})).toMatchObject({ yours: false, rating: null });
    const down = await rate(turnRunId, { rating: 'down', reason: '  Wrong hours  ' }, { token: userToken });
    expect(await json(down)).toEqual({ runId: turnRunId, rating: 'down', reason: 'Wrong hours' });

    const ids = async (query: string) =>
      ((await json(await logs(appId, builder.idToken, query))).items as Json[]).map((e) => e.runId);
    expect(await ids('?rating=up')).toEqual([toolRunId]);
    expect(await ids('?rating=down')).toEqual([turnRunId]);
    expect(await ids('?rating=none')).toEqual([]);
    expect(await ids('?tool=assistant')).toEqual([turnRunId]);
    expect(await ids(`?tool=${toolId}`)).toEqual([toolRunId]);
    expect(await ids('?source=web')).toEqual([turnRunId, toolRunId]);
    expect(await ids('?source=api')).toEqual([]);
    expect(await ids('?hasError=true')).toEqual([]);
    expect(await ids('?hasError=false')).toHaveLength(2);
    expect(await ids('?q=nine')).toEqual([turnRunId]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`?from=${today}&to=${today}`)).toHaveLength(2);
    expect(await ids('?to=2020-01-01')).toEqual([]);
    // paging: one at a time, newest first
    const first = await json(await logs(appId, builder.idToken, '?limit=1'));
    expect(first.items.map((e: Json) => e.runId)).toEqual([turnRunId]);
    const second = await json(await logs(appId, builder.idToken, `?limit=1&cursor=${first.nextCursor}`));
    expect(second.items.map((e: Json) => e.runId)).toEqual([toolRunId]);
    expect(second.nextCursor).toBeNull();

    // the analytics count the ratings
    const analytics = await json(
      await server.request(`/api/apps/${appId}/analytics`, { token: builder.idToken }),
    );
    expect(analytics.ratings).toEqual({ up: 1, down: 1 });

    // bad filters are refused
    for (const query of [
      '?from=2024-13-45',
      '?limit=0',
      '?limit=101',
      '?source=fax',
      '?rating=maybe',
      '?cursor=%25%25',
    ]) {
      expect((await logs(appId, builder.idToken, query)).status, query).toBe(400);
    }
  });

  it('shows a conversation with its ratings, exports CSV, and deletes one or all', async () => {
    const { builder, appId, userToken, toolRunId, turnRunId } = await startWithRuns();
    await server.request(`/api/apps/${appId}/runs/${turnRunId}/rating`, {
      method: 'POST',
      token: userToken,
      json: { rating: 'up', reason: 'Clear' },
    });
    const detail = await json(
      await server.request(`/api/apps/${appId}/logs/${turnRunId}`, { token: builder.idToken }),
    );
    expect(detail.entry).toMatchObject({ runId: turnRunId, kind: 'assistant', rating: 'up' });
    expect(detail.conversation).toMatchObject({ conversationId: 'conv-bea-1', title: 'When do you open?' });
    expect(detail.conversation.messages.map((m: Json) => [m.role, m.text, m.rating])).toEqual([
      ['user', 'When do you open?', null],
      ['assistant', 'We open at nine.', 'up'],
    ]);
    // the user's own conversation, read back (a reload of the chat), carries the thumb they gave
    const mine = await json(await messagesOf(server, appId, { token: userToken }, 'conv-bea-1'));
    expect(mine.messages.map((m: Json) => [m.role, m.metadata?.rating])).toEqual([
      ['user', undefined],
      ['assistant', 'up'],
    ]);
    const toolDetail = await json(
      await server.request(`/api/apps/${appId}/logs/${toolRunId}`, { token: builder.idToken }),
    );
    expect(toolDetail).toMatchObject({ entry: { runId: toolRunId }, conversation: null });
    await expectError(
      await server.request(`/api/apps/${appId}/logs/nosuchrun`, { token: builder.idToken }),
      404,
      'run/not-found',
      'Result not found',
    );

    const csv = await server.request(`/api/apps/${appId}/logs.csv`, { token: builder.idToken });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/^attachment; filename="logs-/);
    const parsed = Papa.parse<Record<string, string>>((await csv.text()).trim(), { header: true });
    expect(parsed.data.map((r) => [r.runId, r.kind, r.email, r.rating, r.ratingReason])).toEqual([
      [turnRunId, 'assistant', 'bea@example.com', 'up', 'Clear'],
      [toolRunId, 'tool', '', '', ''],
    ]);
    expect(JSON.parse(parsed.data[1]!.inputs!)).toMatchObject({ email: MASKED_VALUE });
    const filtered = await server.request(`/api/apps/${appId}/logs.csv?tool=assistant&reveal=true`, {
      token: builder.idToken,
    });
    expect(Papa.parse((await filtered.text()).trim(), { header: true }).data).toHaveLength(1);
    const privacy = await json(
      await server.request(`/api/apps/${appId}/privacy`, { token: builder.idToken }),
    );
    expect(privacy.reveals.map((r: Json) => r.what)).toEqual(['export']);

    // deleting the turn erases its conversation; the run still counts for limits and analytics
    const del = await server.request(`/api/apps/${appId}/logs/${turnRunId}`, {
      method: 'DELETE',
      token: builder.idToken,
    });
    expect(del.status).toBe(204);
    expect((await json(await logs(appId, builder.idToken))).items.map((e: Json) => e.runId)).toEqual([
      toolRunId,
    ]);
    expect(await server.platform.db.select().from(schema.assistantConversations)).toEqual([]);
    const [erased] = await server.platform.db
      .select()
      .from(schema.runs)
      .where(eq(schema.runs.runId, turnRunId));
    expect(erased).toMatchObject({ inputs: {}, output: '', erasedAt: expect.any(Date) });
    expect(
      (
        await server.request(`/api/apps/${appId}/logs/${turnRunId}`, {
          method: 'DELETE',
          token: builder.idToken,
        })
      ).status,
    ).toBe(404);
    const all = await server.request(`/api/apps/${appId}/logs`, { method: 'DELETE', token: builder.idToken });
    expect(await json(all)).toEqual({ erased: 1 });
    expect((await json(await logs(appId, builder.idToken))).items).toEqual([]);
    expect(
      await server.platform.db.select().from(schema.runs).where(eq(schema.runs.appId, appId)),
    ).toHaveLength(2);
  });

  it('answers another builder and an end user 404 or 403 at every route, changing nothing', async () => {
    const { appId, userToken, turnRunId } = await startWithRuns();
    const other = await signUpBuilder(server);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/apps/${appId}/logs`],
      ['GET', `/api/apps/${appId}/logs.csv`],
      ['GET', `/api/apps/${appId}/logs/${turnRunId}`],
      ['DELETE', `/api/apps/${appId}/logs/${turnRunId}`],
      ['DELETE', `/api/apps/${appId}/logs`],
      ['GET', `/api/apps/${appId}/privacy`],
      ['PUT', `/api/apps/${appId}/privacy`, { retentionDays: 1, keepConversations: false }],
      ['GET', `/api/apps/${appId}/users`],
    ];
    for (const [method, path, body] of calls) {
      const res = await server.request(path, {
        method,
        token: other.idToken,
        ...(body ? { json: body } : {}),
      });
      await expectError(res, 404, 'app/not-found', 'App not found');
      const asUser = await server.request(path, {
        method,
        token: userToken,
        ...(body ? { json: body } : {}),
      });
      expect(asUser.status, `${method} ${path}`).toBe(403);
      const anonymous = await server.request(path, { method, ...(body ? { json: body } : {}) });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
    }
    expect(await server.platform.db.select().from(schema.assistantConversations)).toHaveLength(1);
    expect(await server.platform.db.select().from(schema.appPrivacy)).toEqual([]);
  });
});

describe('privacy of what users asked', () => {
  it('erases runs and conversations past the retention by the clock, and refuses bad settings unchanged', async () => {
    const { builder, appId } = await startWithRuns();
    const put = (body: unknown) =>
      server.request(`/api/apps/${appId}/privacy`, { method: 'PUT', token: builder.idToken, json: body });
    for (const body of [
      { retentionDays: 0, keepConversations: true },
      { retentionDays: 3651, keepConversations: true },
      { retentionDays: 1.5, keepConversations: true },
      { retentionDays: 30 },
      { retentionDays: 30, keepConversations: true, extra: 1 },
    ]) {
      expect((await put(body)).status, JSON.stringify(body)).toBe(400);
    }
    await expectError(
      await put({ retentionDays: 0, keepConversations: true }),
      400,
      'request/invalid',
      'retentionDays: Keep logs 1 to 3650 days',
      'retentionDays',
    );
    expect(await server.platform.db.select().from(schema.appPrivacy)).toEqual([]);

    const saved = await put({ retentionDays: 30, keepConversations: true });
    expect(await json(saved)).toMatchObject({ retentionDays: 30, keepConversations: true });
    // within the retention nothing goes
    expect((await json(await logs(appId, builder.idToken))).items).toHaveLength(2);
    // 29 days on: still kept; 31 days on: erased by the retention round
    let moved = await server.request('/api/dev/clock', { method: 'POST', json: { advanceDays: 29 } });
    expect(await json(moved)).toMatchObject({ erased: 0 });
    moved = await server.request('/api/dev/clock', { method: 'POST', json: { advanceDays: 2 } });
    expect(await json(moved)).toMatchObject({ erased: 2 });
    expect((await json(await logs(appId, builder.idToken))).items).toEqual([]);
    expect(await server.platform.db.select().from(schema.assistantConversations)).toEqual([]);
    expect(await server.platform.db.select().from(schema.assistantMessages)).toEqual([]);
  });

  it("erases a tool run as it finishes in 'do not keep conversations' mode, and keeps the next once kept again", async () => {
    const { builder, appId, path, toolRunId } = await startWithRuns();
    const setKeep = (keepConversations: boolean) =>
      server.request(`/api/apps/${appId}/privacy`, {
        method: 'PUT',
        token: builder.idToken,
        json: { retentionDays: null, keepConversations },
      });
    const run = async (topic: string) => {
      llm.enqueue({ text: `All about ${topic}.`, usage: { prompt_tokens: 5, completion_tokens: 3 } });
      const events = await readRunEvents(
        await server.request(`/api/apps/${appId}/tools/${path}/run`, {
          method: 'POST',
          headers: visitorHeaders(newUid()),
          json: { inputs: { topic, name: 'Cy', email: 'cy@example.com' } },
        }),
      );
      expect(events.at(-1)).toMatchObject({ type: 'finish' });
      return events.at(-1)!.runId as string;
    };
    const row = (runId: string) =>
      eventually(
        () => server.platform.db.select().from(schema.runs).where(eq(schema.runs.runId, runId)),
        (rows) => rows[0]?.status === 'succeeded',
      ).then((rows) => rows[0]!);

    expect((await setKeep(false)).status).toBe(200);
    const forgotten = await row(await run('oolong'));
    expect(forgotten).toMatchObject({ inputs: {}, output: '', status: 'succeeded' });
    expect(forgotten.erasedAt).not.toBeNull();
    // counted still: its usage and credits stay
    expect(forgotten.usage).toMatchObject({ promptTokens: 5, completionTokens: 3 });
    // the run from before the change is left as it was
    expect((await row(toolRunId)).output).toBe('Green tea: calm in a cup.');

    expect((await setKeep(true)).status).toBe(200);
    const kept = await row(await run('sencha'));
    expect(kept).toMatchObject({ output: 'All about sencha.', erasedAt: null });
    expect(kept.inputs).toMatchObject({ topic: 'sencha' });
  });

  it("keeps nothing of a run in 'do not keep conversations' mode, but still counts it", async () => {
    const { builder, appId, userToken } = await startWithRuns();
    await server.request(`/api/apps/${appId}/privacy`, {
      method: 'PUT',
      token: builder.idToken,
      json: { retentionDays: null, keepConversations: false },
    });
    llm.enqueue({ text: 'Noted.' });
    await readChunks(
      await ask(
        server,
        appId,
        { message: 'My secret plan', conversationId: 'conv-bea-2' },
        { token: userToken },
      ),
    );
    await eventually(
      () => server.platform.db.select().from(schema.assistantConversations),
      (rows) => rows.every((c) => c.conversationId !== 'conv-bea-2'),
    );
    const runs = await eventually(
      () => server.platform.db.select().from(schema.runs).where(eq(schema.runs.appId, appId)),
      (rows) => rows.length === 3 && rows.some((r) => r.erasedAt !== null),
    );
    const latest = runs.find((r) => r.erasedAt !== null)!;
    expect(latest).toMatchObject({ inputs: {}, output: '', status: 'succeeded' });
    expect(JSON.stringify(await json(await logs(appId, builder.idToken)))).not.toContain('My secret plan');
  });

  it('lets an end user see and delete only their own history', async () => {
    const { appId, visitor, userToken, toolRunId, turnRunId } = await startWithRuns();
    const mine = async (who: { uid?: string; token?: string }) =>
      json(
        await server.request(`/api/apps/${appId}/my-history`, {
          headers: who.uid ? visitorHeaders(who.uid) : {},
          ...(who.token ? { token: who.token } : {}),
        }),
      );
    expect(((await mine({ uid: visitor })) as unknown as Json[]).map((e) => e.runId)).toEqual([toolRunId]);
    expect(((await mine({ token: userToken })) as unknown as Json[]).map((e) => e.runId)).toEqual([
      turnRunId,
    ]);
    expect(await mine({ uid: newUid() })).toEqual([]);
    expect(await mine({})).toEqual([]);

    const del = await server.request(`/api/apps/${appId}/my-history`, { method: 'DELETE', token: userToken });
    expect(await json(del)).toEqual({ erased: 1 });
    expect(await mine({ token: userToken })).toEqual([]);
    // the visitor's run is untouched
    expect(((await mine({ uid: visitor })) as unknown as Json[]).map((e) => e.runId)).toEqual([toolRunId]);
    expect(await server.platform.db.select().from(schema.assistantConversations)).toEqual([]);
  });
});
