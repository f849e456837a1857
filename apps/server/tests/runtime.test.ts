import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { runEventSchema } from '@buildai/domain';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { activateAndPublish, fakeLlmConfig, json, makeTool, readRunEvents, readStreamUntil } from './helpers';

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

/** A server on the fake model and a builder's saved tool (draft, unpublished). */
async function startWithTool(provider = 'openai-compatible') {
  server = await startTestServer(fakeLlmConfig(llm, provider));
  const { idToken } = await signUpBuilder(server);
  return { idToken, ...(await makeTool(server, idToken)) };
}

const run = (appId: string, path: string, inputs: Record<string, unknown>, token?: string) =>
  server.request(`/api/apps/${appId}/tools/${path}/run`, { method: 'POST', token, json: { inputs } });

describe.each([
  ['openai-compatible', 'openai-compatible'],
  ['openai', 'openai'],
])('a tool run through the %s provider', (_name, provider) => {
  it('streams the answer to anyone, sends the rendered prompt, and stores the run with its usage', async () => {
    const { idToken, appId, toolId, path } = await startWithTool(provider);
    await activateAndPublish(server, idToken, appId, toolId);
    llm.enqueue({
      chunks: ['Tea: ', 'calm ', 'in a cup.'],
      usage: { prompt_tokens: 12, completion_tokens: 6 },
    });

    const res = await run(appId, path, { topic: 'green tea' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const events = await readRunEvents(res);
    // every event is of the domain's schema with nothing more (parsing drops unknown keys), deltas included
    for (const e of events) expect(runEventSchema.parse(e)).toEqual(e);
    expect(events.map((e) => e.type)).toEqual(['start', 'delta', 'delta', 'delta', 'finish']);
    expect(events[0]).toMatchObject({ type: 'start', model: 'gpt-4o-mini' });
    const text = events
      .filter((e) => e.type === 'delta')
      .map((e) => e.text)
      .join('');
    expect(text).toBe('Tea: calm in a cup.');
    const finish = events.at(-1)!;
    expect(finish).toMatchObject({ type: 'finish', runId: events[0]!.runId });
    expect(finish.usage).toMatchObject({
      promptTokens: 12,
      completionTokens: 6,
      totalTokens: 18,
      modelInfo: { model: 'gpt-4o-mini' },
    });
    expect(finish.usage.totalCost).toBeGreaterThan(0);

    const sent = llm.requests.find((r) => r.path === '/v1/chat/completions')!;
    expect(sent.headers.authorization).toBe('Bearer test-key');
    expect(JSON.stringify(sent.body)).toContain('Write a slogan about green tea.');

    const [stored] = await server.platform.db
      .select()
      .from(schema.runs)
      .where(eq(schema.runs.runId, finish.runId));
    expect(stored).toMatchObject({
      status: 'succeeded',
      output: 'Tea: calm in a cup.',
      inputs: { topic: 'green tea' },
    });
    expect(stored!.usage!.promptTokens).toBe(12);
  });
});

describe('tool run rules', () => {
  it('tells a visitor the tool is unavailable and the owner what to set when no provider is configured, and stores nothing', async () => {
    server = await startTestServer({ AI_PROVIDER: '' });
    const { idToken } = await signUpBuilder(server);
    const { appId, toolId, path } = await makeTool(server, idToken);
    await activateAndPublish(server, idToken, appId, toolId);
    const visitor = await run(appId, path, { topic: 'x' });
    expect(visitor.status).toBe(503);
    expect((await json(visitor)).error).toEqual({
      code: 'ai/unavailable',
      message: 'This tool is not available right now, please try again later',
    });
    const owner = await run(appId, path, { topic: 'x' }, idToken);
    expect(owner.status).toBe(503);
    const { error } = await json(owner);
    expect(error.code).toBe('ai/not-configured');
    expect(error.message).toContain('AI_PROVIDER');
    expect(error.message).toContain('AI_API_KEY');
    expect(await server.platform.db.select().from(schema.runs)).toEqual([]);
  });

  it('refuses a run request over 4 MB before reading it whole, and asks nothing of the model', async () => {
    const { idToken, appId, toolId, path } = await startWithTool();
    await activateAndPublish(server, idToken, appId, toolId);
    const before = llm.requests.length;
    const res = await run(appId, path, { topic: 'x'.repeat(4 * 1024 * 1024 + 10) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('File size to large');
    expect(llm.requests.length).toBe(before);
  });

  it('refuses missing required fields, draft tools and unpublished apps to the public', async () => {
    const { idToken, appId, toolId, path } = await startWithTool();

    expect((await run(appId, path, { topic: 'x' })).status).toBe(404); // unpublished
    await server.request(`/api/apps/${appId}/publish`, { method: 'POST', token: idToken });
    expect((await run(appId, path, { topic: 'x' })).status).toBe(404); // draft tool
    // the owner may try the draft
    llm.enqueue({ text: 'draft answer' });
    const own = await readRunEvents(await run(appId, path, { topic: 'x' }, idToken));
    expect(
      own
        .filter((e) => e.type === 'delta')
        .map((e) => e.text)
        .join(''),
    ).toBe('draft answer');

    await server.request(`/api/apps/${appId}/tools/${toolId}/status`, {
      method: 'POST',
      token: idToken,
      json: { status: 'active' },
    });
    const missing = await run(appId, path, { topic: '  ' });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error).toMatchObject({ code: 'field/required', field: 'topic' });
    expect((await run(appId, 'no-such-tool', { topic: 'x' })).status).toBe(404);
    expect((await run('no-such-app', path, { topic: 'x' })).status).toBe(404);
  });

  it('ends the stream with an error event and a failed run when the provider fails', async () => {
    const { idToken, appId, toolId, path } = await startWithTool();
    await activateAndPublish(server, idToken, appId, toolId);
    llm.enqueue({ error: { status: 400, message: 'context length exceeded' } });
    const events = await readRunEvents(await run(appId, path, { topic: 'x' }));
    expect(events.at(-1)).toEqual({
      type: 'error',
      code: 'ai/provider-failed',
      message: 'The AI provider failed to answer, please try again later',
    });
    const rows = await server.platform.db.select().from(schema.runs);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'failed', errorCode: 'ai/provider-failed' });
  });
});

describe('a provider that is rate limited', () => {
  it('is asked once more (the SDK retry) before the run fails, and the second answer streams', async () => {
    const { idToken, appId, toolId, path } = await startWithTool();
    await activateAndPublish(server, idToken, appId, toolId);
    const limited = { error: { status: 429, message: 'Rate limit reached' } };
    llm.enqueue([limited, { text: 'After the wait.' }]);
    const events = await readRunEvents(await run(appId, path, { topic: 'x' }));
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
    expect(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => e.text)
        .join(''),
    ).toBe('After the wait.');
    // one retry only: two refusals in a row fail the run
    llm.enqueue([limited, limited, { text: 'never asked' }]);
    const failed = await readRunEvents(await run(appId, path, { topic: 'x' }));
    expect(failed.at(-1)).toMatchObject({ type: 'error', code: 'ai/provider-failed' });
    expect(llm.requests.filter((r) => r.path === '/v1/chat/completions')).toHaveLength(4);
  });
});

describe('published tools kept in memory', () => {
  it('follows every change at once: a new prompt, a deactivated tool', async () => {
    const { idToken, appId, toolId, path } = await startWithTool();
    await activateAndPublish(server, idToken, appId, toolId);
    llm.respondWith(() => ({ text: 'ok' }));
    await readRunEvents(await run(appId, path, { topic: 'tea' }));
    await readRunEvents(await run(appId, path, { topic: 'tea' }));
    expect(JSON.stringify(llm.requests.at(-1)!.body)).toContain('Write a slogan about tea.');

    const saved = await server.request('/api/apps', {
      method: 'POST',
      token: idToken,
      json: {
        appType: 'tool',
        appId,
        app: {
          header: 'Slogans',
          gptPrompt: 'Write a poem about {{topic}}.',
          fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }],
        },
      },
    });
    expect(saved.status).toBe(200);
    await readRunEvents(await run(appId, path, { topic: 'tea' }));
    expect(JSON.stringify(llm.requests.at(-1)!.body)).toContain('Write a poem about tea.');

    await server.request(`/api/apps/${appId}/tools/${toolId}/status`, {
      method: 'POST',
      token: idToken,
      json: { status: 'draft' },
    });
    expect((await run(appId, path, { topic: 'tea' })).status).toBe(404);
  });

  it('drops an app when another instance announces a change to it', async () => {
    const { idToken, appId, toolId, path } = await startWithTool();
    await activateAndPublish(server, idToken, appId, toolId);
    llm.respondWith(() => ({ text: 'ok' }));
    await readRunEvents(await run(appId, path, { topic: 'tea' }));
    // another instance turned the tool off: the row changes, and the change is announced over the events
    await server.platform.db
      .update(schema.tools)
      .set({ status: 'draft' })
      .where(eq(schema.tools.toolId, toolId));
    // until it is announced, this instance answers from memory without reading the database
    const cached = await run(appId, path, { topic: 'tea' });
    expect(cached.status).toBe(200);
    await readRunEvents(cached);
    await server.platform.events.publish('apps.changed', { appId });
    await expect
      .poll(async () => (await run(appId, path, { topic: 'tea' })).status, { timeout: 5000 })
      .toBe(404);
  });
});

describe('a run the visitor stops', () => {
  it('stops the model request and stores the run as cancelled with what was said so far', async () => {
    const { idToken, appId, toolId, path } = await startWithTool();
    await activateAndPublish(server, idToken, appId, toolId);
    // the model sends its words, then never finishes
    llm.enqueue({ chunks: ['First words', ' and more'], hang: true });
    const url = await server.listen();
    const controller = new AbortController();
    const res = await fetch(`${url}/api/apps/${appId}/tools/${path}/run`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inputs: { topic: 'tea' } }),
      signal: controller.signal,
    });
    await readStreamUntil(res, (seen) => seen.includes(' and more'));
    controller.abort();

    await expect.poll(() => llm.requests.at(-1)?.aborted, { timeout: 5000 }).toBe(true);
    await expect
      .poll(async () => (await server.platform.db.select().from(schema.runs))[0]?.status, { timeout: 5000 })
      .toBe('failed');
    const [row] = await server.platform.db.select().from(schema.runs);
    expect(row).toMatchObject({ errorCode: 'cancelled', output: 'First words and more' });
  });
});
