import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { eventually, expectError, fakeLlmConfig, json, makeTool } from './helpers';

let llm: FakeLlm;
let server: TestServer;
let token: string;
let otherToken: string;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  // an admin may pick the app's model on any plan
  server = await startTestServer({ ...fakeLlmConfig(llm), ADMIN_EMAILS: 'evals@example.com' });
  token = (await signUpBuilder(server, 'evals@example.com')).idToken;
  otherToken = (await signUpBuilder(server)).idToken;
});
afterEach(() => llm.reset());
afterAll(async () => {
  await server.close();
  await llm.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const path = (appId: string, target: string) => `/api/apps/${appId}/evaluations/${target}`;
const saveCases = (appId: string, target: string, cases: unknown[], as = token) =>
  server.request(path(appId, target), { method: 'PUT', token: as, json: { cases } });
const startRun = (appId: string, target: string, body: unknown, as = token) =>
  server.request(`${path(appId, target)}/runs`, { method: 'POST', token: as, json: body });
const readRun = async (appId: string, target: string, runId: string) =>
  json(await server.request(`${path(appId, target)}/runs/${runId}`, { token }));
const finished = (appId: string, target: string, runId: string) =>
  eventually(
    () => readRun(appId, target, runId),
    (run) => run.status !== 'running',
  );

/** The chat-completions requests the fake received, as `{ model, text }` (every message's text joined). */
const sent = () =>
  llm.requests
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => {
      const body = r.body as { model: string; messages: { role: string; content: unknown }[] };
      return { model: body.model, text: JSON.stringify(body.messages) };
    });

/** Per-million rates of gpt-4o-mini in the model list's snapshot: 0.15 in, 0.6 out. */
const miniCost = (promptTokens: number, completionTokens: number) =>
  (promptTokens * 0.15 + completionTokens * 0.6) / 1_000_000;

describe('evaluations of a tool', () => {
  it("runs the cases against the app's model and prompt, and keeps pass rate, cost and latency", async () => {
    const { appId, toolId } = await makeTool(server, token);
    const saved = await saveCases(appId, toolId, [
      {
        id: 'tea',
        name: 'About tea',
        inputs: { topic: 'tea' },
        expectations: [
          { type: 'contains', value: 'TEA' },
          { type: 'not_contains', value: 'coffee' },
        ],
      },
      {
        id: 'cars',
        inputs: { topic: 'cars' },
        expectations: [
          { type: 'json_shape', keys: ['slogan'] },
          { type: 'regex', pattern: '"fast\\b' },
        ],
      },
    ]);
    expect(saved.status).toBe(200);
    const evaluation = await json(saved);
    expect(evaluation.target).toEqual({
      id: toolId,
      kind: 'tool',
      name: 'Slogan maker',
      fields: [
        { name: 'input', label: 'Your input', required: true },
        { name: 'topic', label: 'Topic', required: true },
      ],
      prompt: 'Write a slogan about {{topic}}.',
      model: 'gpt-4o-mini',
    });
    expect(evaluation.cases.map((c: Json) => c.id)).toEqual(['tea', 'cars']);

    llm.enqueue([
      { text: 'Tea beats coffee', usage: { prompt_tokens: 100, completion_tokens: 20 } },
      {
        text: '```json\n{"slogan": "Fast cars, calm minds"}\n```',
        usage: { prompt_tokens: 80, completion_tokens: 10 },
      },
    ]);
    const started = await startRun(appId, toolId, { variants: [{}] });
    expect(started.status).toBe(201);
    const { runId, status } = await json(started);
    expect(status).toBe('running');

    const run = await finished(appId, toolId, runId);
    expect(run.status).toBe('finished');
    expect(run.judgeModel).toBeNull();
    expect(run.results.map((r: Json) => [r.caseId, r.variant, r.passed, r.error])).toEqual([
      ['tea', 0, false, null],
      ['cars', 0, true, null],
    ]);
    expect(run.results[0].checks).toEqual([
      { type: 'contains', passed: true, detail: '' },
      { type: 'not_contains', passed: false, detail: 'The answer contains "coffee"' },
    ]);
    expect(run.results[0].cost).toBeCloseTo(miniCost(100, 20), 12);
    expect(run.results[0].tokens).toBe(120);
    const [variant] = run.variants;
    expect(variant).toMatchObject({
      model: 'gpt-4o-mini',
      editedPrompt: false,
      prompt: null,
      passed: 1,
      total: 2,
    });
    expect(variant.passRate).toBe(0.5);
    expect(variant.cost).toBeCloseTo(miniCost(100, 20) + miniCost(80, 10), 12);
    expect(variant.latencyMs).toBeGreaterThanOrEqual(0);
    expect(run.finishedAt).not.toBeNull();

    // the same prompt assembly as a run: the builder's prompt with the case's inputs
    expect(sent().map((s) => s.model)).toEqual(['gpt-4o-mini', 'gpt-4o-mini']);
    expect(sent()[0]!.text).toContain('Write a slogan about tea.');
    // an evaluation is not a use of the app: no run is stored, no limit counts it
    expect(await server.platform.db.select().from(schema.runs).where(eq(schema.runs.appId, appId))).toEqual(
      [],
    );

    const listed = await json(await server.request(path(appId, toolId), { token }));
    expect(listed.runs.map((r: Json) => [r.runId, r.status])).toEqual([[runId, 'finished']]);
    expect(listed.runs[0].results).toBeUndefined();
  });

  it('compares another model and an edited prompt side by side; judges are scored by the default model', async () => {
    const { appId, toolId } = await makeTool(server, token);
    const settings = await server.request(`/api/apps/${appId}/settings`, {
      method: 'POST',
      token,
      json: { appSettings: { aiModel: 'gpt-4o' } },
    });
    expect(settings.status).toBe(200);
    await saveCases(appId, toolId, [
      { id: 'tea', inputs: { topic: 'tea' }, expectations: [{ type: 'judge', criteria: 'It is about tea' }] },
    ]);
    // one case after the other, each answer then its judge: the order the fake is asked in
    llm.enqueue([
      { text: 'Tea: the calm in every cup' },
      { text: '{"passed": true, "reason": "It names tea."}' },
      { text: 'Leaves in hot water / a quiet afternoon' },
      { text: '{"passed": false, "reason": "Tea is never named."}' },
    ]);
    const started = await startRun(appId, toolId, {
      variants: [{}, { model: 'gpt-4o-mini', prompt: 'Write a haiku about {{topic}}.' }],
    });
    expect(started.status).toBe(201);
    const run = await finished(appId, toolId, (await json(started)).runId);

    expect(sent().map((s) => s.model)).toEqual(['gpt-4o', 'gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini']);
    expect(sent()[0]!.text).toContain('Write a slogan about tea.');
    expect(sent()[1]!.text).toContain('It is about tea');
    expect(sent()[1]!.text).toContain('Tea: the calm in every cup');
    expect(sent()[2]!.text).toContain('Write a haiku about tea.');

    expect(run.judgeModel).toBe('gpt-4o-mini');
    expect(run.judgeCost).toBeGreaterThan(0);
    expect(
      run.variants.map((v: Json) => [v.model, v.editedPrompt, v.prompt, v.passed, v.total, v.passRate]),
    ).toEqual([
      ['gpt-4o', false, null, 1, 1, 1],
      ['gpt-4o-mini', true, 'Write a haiku about {{topic}}.', 0, 1, 0],
    ]);
    expect(run.results.map((r: Json) => [r.variant, r.output, r.checks])).toEqual([
      [0, 'Tea: the calm in every cup', [{ type: 'judge', passed: true, detail: 'It names tea.' }]],
      [
        1,
        'Leaves in hot water / a quiet afternoon',
        [{ type: 'judge', passed: false, detail: 'Tea is never named.' }],
      ],
    ]);
    // the edited prompt was tried, not saved
    expect((await json(await server.request(path(appId, toolId), { token }))).target.prompt).toBe(
      'Write a slogan about {{topic}}.',
    );
  });

  it("records a case's failure: a required field left empty, a provider error", async () => {
    const { appId, toolId } = await makeTool(server, token);
    await saveCases(appId, toolId, [
      { id: 'empty', inputs: {}, expectations: [{ type: 'contains', value: 'x' }] },
      { id: 'down', inputs: { topic: 'tea' }, expectations: [{ type: 'contains', value: 'x' }] },
    ]);
    llm.enqueue({ error: { status: 400, message: 'bad request' } });
    const run = await finished(
      appId,
      toolId,
      (await json(await startRun(appId, toolId, { variants: [{}] }))).runId,
    );
    expect(run.status).toBe('finished');
    expect(run.results.map((r: Json) => [r.caseId, r.passed, r.error, r.checks])).toEqual([
      ['empty', false, 'Please fill in all required fields', []],
      ['down', false, 'The AI provider failed to answer, please try again later', []],
    ]);
    expect(run.variants[0]).toMatchObject({ passed: 0, total: 2, passRate: 0, latencyMs: null });
  });

  it('fails a judged check when the judge answers no verdict, and uses the judge model the builder picked', async () => {
    const { appId, toolId } = await makeTool(server, token);
    await saveCases(appId, toolId, [
      { id: 'tea', inputs: { topic: 'tea' }, expectations: [{ type: 'judge', criteria: 'It is about tea' }] },
    ]);
    llm.enqueue([{ text: 'Tea time' }, { text: 'I think it passes.' }]);
    const started = await startRun(appId, toolId, { variants: [{}], judgeModel: 'gpt-4o' });
    const run = await finished(appId, toolId, (await json(started)).runId);
    expect(run.judgeModel).toBe('gpt-4o');
    expect(sent().map((s) => s.model)).toEqual(['gpt-4o-mini', 'gpt-4o']);
    expect(run.results[0].checks).toEqual([
      { type: 'judge', passed: false, detail: 'The judge model did not answer with a verdict' },
    ]);
    expect(run.variants[0].passRate).toBe(0);
  });

  it('runs one run at a time per evaluation', async () => {
    const { appId, toolId } = await makeTool(server, token);
    await saveCases(appId, toolId, [
      { id: 'tea', inputs: { topic: 'tea' }, expectations: [{ type: 'contains', value: 'tea' }] },
    ]);
    llm.enqueue({ text: 'All about tea', hold: 'first', holdAfter: 0 });
    const first = await json(await startRun(appId, toolId, { variants: [{}] }));
    await llm.waitForRequest();
    await expectError(
      await startRun(appId, toolId, { variants: [{}] }),
      409,
      'evaluation/busy',
      'This evaluation is already running: wait for its results before starting another run',
    );
    llm.release('first');
    expect((await finished(appId, toolId, first.runId)).variants[0].passRate).toBe(1);
    const again = await startRun(appId, toolId, { variants: [{}] });
    expect(again.status).toBe(201);
    await finished(appId, toolId, (await json(again)).runId);
  });
});

describe('evaluations of the assistant', () => {
  it("asks with the assistant's instructions and the case's message; an edited instruction is tried", async () => {
    const { appId } = await makeTool(server, token);
    const evaluation = await json(
      await saveCases(appId, 'assistant', [
        {
          id: 'hours',
          inputs: { message: 'When are you open?' },
          expectations: [{ type: 'regex', pattern: '\\b9\\b' }],
        },
      ]),
    );
    expect(evaluation.target).toMatchObject({
      id: 'assistant',
      kind: 'assistant',
      name: 'Chat assistant',
      fields: [{ name: 'message', label: 'Message', required: true }],
      model: 'gpt-4o-mini',
    });
    expect(evaluation.target.prompt).toContain('You are the chat assistant of "Slogan maker".');
    llm.enqueue([{ text: 'From 9 to 5.' }, { text: 'Whenever you like.' }]);
    const started = await startRun(appId, 'assistant', {
      variants: [{}, { prompt: 'You are a pirate. Answer in pirate speak.' }],
    });
    const run = await finished(appId, 'assistant', (await json(started)).runId);
    expect(run.results.map((r: Json) => [r.variant, r.passed])).toEqual([
      [0, true],
      [1, false],
    ]);
    const bodies = llm.requests.map((r) => r.body as { messages: { role: string; content: unknown }[] });
    expect(bodies[0]!.messages[0]).toMatchObject({ role: 'system' });
    expect(JSON.stringify(bodies[0]!.messages[0])).toContain(
      'You are the chat assistant of \\"Slogan maker\\".',
    );
    expect(bodies[1]!.messages[0]).toEqual({
      role: 'system',
      content: 'You are a pirate. Answer in pirate speak.',
    });
    expect(JSON.stringify(bodies[1]!.messages[1])).toContain('When are you open?');
  });
});

describe('who may evaluate, and what is refused', () => {
  it('answers another builder 404 at every route, and changes nothing', async () => {
    const { appId, toolId } = await makeTool(server, token);
    const cases = [{ id: 'a', inputs: { topic: 'tea' }, expectations: [{ type: 'contains', value: 'tea' }] }];
    await saveCases(appId, toolId, cases);
    llm.enqueue({ text: 'tea' });
    const { runId } = await json(await startRun(appId, toolId, { variants: [{}] }));
    await finished(appId, toolId, runId);

    for (const target of [toolId, 'assistant']) {
      await expectError(
        await server.request(path(appId, target), { token: otherToken }),
        404,
        'app/not-found',
        'App not found',
      );
      await expectError(
        await saveCases(appId, target, [], otherToken),
        404,
        'app/not-found',
        'App not found',
      );
      await expectError(
        await startRun(appId, target, { variants: [{}] }, otherToken),
        404,
        'app/not-found',
        'App not found',
      );
    }
    await expectError(
      await server.request(`${path(appId, toolId)}/runs/${runId}`, { token: otherToken }),
      404,
      'app/not-found',
      'App not found',
    );
    // a tool of another app, through one's own app
    const mine = await makeTool(server, otherToken);
    await expectError(
      await saveCases(mine.appId, toolId, cases, otherToken),
      404,
      'tool/not-found',
      'Tool not found',
    );
    await expectError(
      await server.request(`${path(appId, 'assistant')}/runs/${runId}`, { token }),
      404,
      'evaluation/run-not-found',
      'Evaluation run not found',
    );
    expect(await server.request(path(appId, toolId))).toHaveProperty('status', 401);

    const after = await json(await server.request(path(appId, toolId), { token }));
    expect(after.cases).toEqual([{ ...cases[0], name: '' }]);
    expect(after.runs).toHaveLength(1);
    expect(llm.requests).toHaveLength(1);
  });

  it('refuses bad cases and bad runs with the reason, and changes nothing', async () => {
    const { appId, toolId } = await makeTool(server, token);
    await expectError(
      await startRun(appId, toolId, { variants: [{}] }),
      400,
      'evaluation/no-cases',
      'Add a test case before running the evaluation',
    );
    const good = { id: 'a', inputs: { topic: 'tea' }, expectations: [{ type: 'contains', value: 'tea' }] };
    await saveCases(appId, toolId, [good]);
    const refusals: [unknown[], string, string][] = [
      [
        [{ ...good, expectations: [{ type: 'regex', pattern: '(' }] }],
        'cases.0.expectations.0.pattern',
        'This is not a valid regular expression',
      ],
      [[{ ...good, expectations: [] }], 'cases.0.expectations', 'Add at least one expectation'],
      [
        [{ ...good, expectations: [{ type: 'judge', criteria: '  ' }] }],
        'cases.0.expectations.0.criteria',
        'Write what the judge checks',
      ],
      [[{ ...good, expectations: [{ type: 'sounds_nice' }] }], 'cases.0.expectations.0.type', ''],
      [[good, good], 'cases', 'Two cases have the same id'],
      [[{ ...good, id: 'a b' }], 'cases.0.id', 'A case id is 1 to 40 letters, digits, - or _'],
      [
        Array.from({ length: 31 }, (_, i) => ({ ...good, id: `c${i}` })),
        'cases',
        'An evaluation has at most 30 cases',
      ],
    ];
    for (const [cases, field, message] of refusals) {
      const res = await saveCases(appId, toolId, cases);
      const { error } = await json(res);
      expect([res.status, error.code, error.field]).toEqual([400, 'request/invalid', field]);
      if (message) expect(error.message).toBe(`${field}: ${message}`);
    }
    const three = await startRun(appId, toolId, { variants: [{}, {}, {}] });
    expect([three.status, (await json(three)).error.message]).toEqual([
      400,
      'variants: At most two variants are compared side by side',
    ]);
    const none = await startRun(appId, toolId, { variants: [] });
    expect([none.status, (await json(none)).error.message]).toEqual([
      400,
      'variants: Choose what to evaluate',
    ]);

    const after = await json(await server.request(path(appId, toolId), { token }));
    expect(after.cases).toEqual([{ ...good, name: '' }]);
    expect(after.runs).toEqual([]);
    expect(llm.requests).toEqual([]);
  });
});
