import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builderMessages, runEventSchema, toolPathNotFoundMessage } from '@buildai/domain';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { apiRun, createKey, makeApiTool, runRows } from './api-helpers';
import {
  activateAndPublish,
  addTool,
  expectError,
  fakeLlmConfig,
  json,
  makeGeneratedApp,
  makeTool,
  readRunEvents,
} from './helpers';

let llm: FakeLlm;
let server: TestServer;
let builder: Awaited<ReturnType<typeof signUpBuilder>>;
let app: { appId: string; toolId: string; path: string };
let key: Awaited<ReturnType<typeof createKey>>;

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  llm.respondWith(() => ({
    text: 'Tea, boldly brewed.',
    usage: { prompt_tokens: 12, completion_tokens: 5 },
  }));
  server = await startTestServer({ ...fakeLlmConfig(llm), LOG_LEVEL: 'error' });
  builder = await signUpBuilder(server);
  app = await makeApiTool(server, builder.idToken);
  key = await createKey(server, builder.idToken, app.appId);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

/** A second builder's app with an active tool (a plan's live tools are counted per builder). */
async function anotherApp(opts: Parameters<typeof makeApiTool>[2] = {}) {
  const b = await signUpBuilder(server);
  const made = await makeApiTool(server, b.idToken, opts);
  return { builder: b, ...made, key: await createKey(server, b.idToken, made.appId) };
}

describe('POST /api/v1/apps/{appId}/tools/{toolPath}/run', () => {
  it("answers the run's whole output and usage, stored as an API run of the key", async () => {
    const res = await apiRun(server, app.appId, app.path, key.key, {
      inputs: { topic: 'green tea', tone: 'Bold' },
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body).toEqual({
      runId: expect.any(String),
      output: 'Tea, boldly brewed.',
      usage: expect.objectContaining({ promptTokens: 12, completionTokens: 5, totalTokens: 17 }),
    });
    expect(res.headers.get('x-run-id')).toBe(body.runId);
    // the builder's prompt with the inputs reached the model
    const prompt = JSON.stringify(llm.requests.at(-1)!.body);
    expect(prompt).toContain('Write a Bold slogan about green tea.');

    const row = (await runRows(server, app.appId)).find((r) => r.runId === body.runId)!;
    expect(row).toMatchObject({
      source: 'api',
      apiKeyId: key.id,
      userKey: `key:${key.id}`,
      status: 'succeeded',
      output: 'Tea, boldly brewed.',
      toolId: app.toolId,
    });
  });

  it('streams the run as the web runtime does when asked to', async () => {
    const res = await apiRun(server, app.appId, app.path, key.key, {
      inputs: { topic: 'oolong' },
      stream: true,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const events = await readRunEvents(res);
    for (const event of events) runEventSchema.parse(event);
    expect(events[0]).toMatchObject({ type: 'start', runId: res.headers.get('x-run-id') });
    expect(
      events
        .filter((e) => e.type === 'delta')
        .map((e) => e.text)
        .join(''),
    ).toBe('Tea, boldly brewed.');
    expect(events.at(-1)).toMatchObject({ type: 'finish', runId: res.headers.get('x-run-id') });
    const row = (await runRows(server, app.appId)).find((r) => r.runId === res.headers.get('x-run-id'))!;
    expect(row).toMatchObject({ source: 'api', apiKeyId: key.id, status: 'succeeded' });
  });

  it('answers over a real connection, as any HTTP client calls it', async () => {
    const url = await server.listen();
    const res = await fetch(`${url}/api/v1/apps/${app.appId}/tools/${app.path}/run`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key.key}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ inputs: { topic: 'sencha' } }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ output: 'Tea, boldly brewed.' });
  });

  it('refuses a call without a key, with a key of no app, and with a key of another app (401)', async () => {
    await expectError(
      await apiRun(server, app.appId, app.path, null, { inputs: { topic: 'tea' } }),
      401,
      'api-key/missing',
      'Send an API key of this app as Authorization: Bearer bai_sk_…',
    );
    for (const wrong of ['not-a-key', `bai_sk_${'A'.repeat(43)}`]) {
      await expectError(
        await apiRun(server, app.appId, app.path, wrong, { inputs: { topic: 'tea' } }),
        401,
        'api-key/invalid',
        'This API key is not valid for this app',
      );
    }
    // a builder's session token is not an API key
    await expectError(
      await apiRun(server, app.appId, app.path, builder.idToken, { inputs: { topic: 'tea' } }),
      401,
      'api-key/invalid',
      'This API key is not valid for this app',
    );
    const other = await anotherApp();
    const before = (await runRows(server, app.appId)).length;
    await expectError(
      await apiRun(server, app.appId, app.path, other.key.key, { inputs: { topic: 'tea' } }),
      401,
      'api-key/invalid',
      'This API key is not valid for this app',
    );
    // and the other way round
    await expectError(
      await apiRun(server, other.appId, other.path, key.key, { inputs: { topic: 'tea' } }),
      401,
      'api-key/invalid',
      'This API key is not valid for this app',
    );
    expect(await runRows(server, app.appId)).toHaveLength(before);
  });

  it('refuses a revoked key at once', async () => {
    const made = await createKey(server, builder.idToken, app.appId, 'Revoked');
    await server.request(`/api/apps/${app.appId}/api-keys/${made.id}`, {
      method: 'DELETE',
      token: builder.idToken,
    });
    await expectError(
      await apiRun(server, app.appId, app.path, made.key, { inputs: { topic: 'tea' } }),
      401,
      'api-key/invalid',
      'This API key is not valid for this app',
    );
  });

  it('refuses bad inputs with 400 naming the input, and runs nothing', async () => {
    const before = (await runRows(server, app.appId)).length;
    const requests = llm.requests.length;
    const cases: [unknown, string, string, string][] = [
      [{ inputs: {} }, 'field/required', 'inputs.topic: Topic is required', 'inputs.topic'],
      [{ inputs: { topic: '   ' } }, 'field/required', 'inputs.topic: Topic is required', 'inputs.topic'],
      [
        { inputs: { topic: 'tea', colour: 'red' } },
        'request/invalid',
        'inputs.colour: This tool has no input named colour',
        'inputs.colour',
      ],
      [
        { inputs: { topic: 'tea', tone: 'Loud' } },
        'request/invalid',
        'inputs.tone: Choose from Bold, Calm',
        'inputs.tone',
      ],
      [{ inputs: 'tea' }, 'request/invalid', expect.stringMatching(/^inputs: /) as never, 'inputs'],
      [
        { inputs: { topic: { nested: true } } },
        'request/invalid',
        expect.stringMatching(/^inputs\.topic: /) as never,
        'inputs.topic',
      ],
      [
        { inputs: { topic: 'tea' }, stream: 'yes' },
        'request/invalid',
        expect.stringMatching(/^stream: /) as never,
        'stream',
      ],
    ];
    for (const [body, code, message, field] of cases) {
      const res = await apiRun(server, app.appId, app.path, key.key, body);
      const { error } = await json(res);
      expect({ status: res.status, code: error.code, message: error.message, field: error.field }).toEqual({
        status: 400,
        code,
        message,
        field,
      });
    }
    const bad = await server.request(`/api/v1/apps/${app.appId}/tools/${app.path}/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key.key}`, 'content-type': 'application/json' },
      body: '{"inputs":',
    });
    await expectError(bad, 400, 'request/invalid', 'The request body is not valid JSON');
    expect(await runRows(server, app.appId)).toHaveLength(before);
    expect(llm.requests.length).toBe(requests);
  });

  it("holds the main input to the tool's page: required unless collapsed, unknown when hidden", async () => {
    const b = await signUpBuilder(server);
    const plain = await makeTool(server, b.idToken);
    await activateAndPublish(server, b.idToken, plain.appId, plain.toolId);
    const plainKey = await createKey(server, b.idToken, plain.appId);
    await expectError(
      await apiRun(server, plain.appId, plain.path, plainKey.key, { inputs: { topic: 'tea' } }),
      400,
      'field/required',
      'inputs.input: Input is required',
      'inputs.input',
    );
    expect(
      (
        await apiRun(server, plain.appId, plain.path, plainKey.key, {
          inputs: { topic: 'tea', input: 'short' },
        })
      ).status,
    ).toBe(200);
    const hidden = await server.request(`/api/apps/${plain.appId}/tools/${plain.toolId}`, {
      method: 'PUT',
      token: b.idToken,
      json: {
        header: 'Slogan maker',
        gptPrompt: 'Write a slogan about {{topic}}.',
        isInputHidden: true,
        fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }],
      },
    });
    expect(hidden.status).toBe(200);
    await expectError(
      await apiRun(server, plain.appId, plain.path, plainKey.key, { inputs: { topic: 'tea', input: 'x' } }),
      400,
      'request/invalid',
      'inputs.input: This tool has no input named input',
      'inputs.input',
    );
  });

  it("answers the spec's message for a path no active tool of the app has", async () => {
    await expectError(
      await apiRun(server, app.appId, 'no-such-tool', key.key, { inputs: { topic: 'tea' } }),
      404,
      'tool/path-not-found',
      toolPathNotFoundMessage('no-such-tool'),
    );
    // a draft tool is not offered either
    const b = await signUpBuilder(server);
    const generated = await makeGeneratedApp(server, b.idToken);
    await addTool(server, b.idToken, generated, 'Draft', 'draft-tool');
    const draftKey = await createKey(server, b.idToken, generated);
    await expectError(
      await apiRun(server, generated, 'draft-tool', draftKey.key, { inputs: {} }),
      404,
      'tool/path-not-found',
      'Tool with path draft-tool not found',
    );
  });

  it("runs an active tool of an app that is not published yet (the key is the builder's own)", async () => {
    const draft = await anotherApp({ publish: false });
    const res = await apiRun(server, draft.appId, draft.path, draft.key.key, { inputs: { topic: 'tea' } });
    expect(res.status).toBe(200);
    expect((await json(res)).output).toBe('Tea, boldly brewed.');
  });

  it("counts the key's runs against the app's run limits (429)", async () => {
    const limited = await anotherApp({ settings: { dailyUserLimit: 1 } });
    expect(
      (await apiRun(server, limited.appId, limited.path, limited.key.key, { inputs: { topic: 'a' } })).status,
    ).toBe(200);
    await expectError(
      await apiRun(server, limited.appId, limited.path, limited.key.key, { inputs: { topic: 'b' } }),
      429,
      'run/daily-limit',
      builderMessages.dailyLimitReached(1),
    );
    // each key is its own user of the app
    const second = await createKey(server, limited.builder.idToken, limited.appId, 'Second');
    expect(
      (await apiRun(server, limited.appId, limited.path, second.key, { inputs: { topic: 'c' } })).status,
    ).toBe(200);
  });
});

describe('the per-key rate limit', () => {
  let limitedServer: TestServer;
  beforeAll(async () => {
    limitedServer = await startTestServer({
      ...fakeLlmConfig(llm),
      LOG_LEVEL: 'error',
      API_KEY_RATE_LIMIT_PER_MINUTE: '3',
    });
  }, 60_000);
  afterAll(() => limitedServer?.close());

  it('answers 429 with Retry-After once a key used its minute, other keys unaffected', async () => {
    const b = await signUpBuilder(limitedServer);
    const made = await makeApiTool(limitedServer, b.idToken);
    const first = await createKey(limitedServer, b.idToken, made.appId, 'Busy');
    const second = await createKey(limitedServer, b.idToken, made.appId, 'Quiet');
    for (let i = 0; i < 3; i++)
      expect(
        (await apiRun(limitedServer, made.appId, made.path, first.key, { inputs: { topic: `t${i}` } }))
          .status,
      ).toBe(200);
    const refused = await apiRun(limitedServer, made.appId, made.path, first.key, { inputs: { topic: 'x' } });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expectError(refused, 429, 'api-key/rate-limited', 'Too many requests with this API key, slow down');
    expect(
      (await apiRun(limitedServer, made.appId, made.path, second.key, { inputs: { topic: 'y' } })).status,
    ).toBe(200);
  });
});
