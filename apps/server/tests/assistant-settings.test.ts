import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { assistantSettingsMessages, DEFAULT_ASSISTANT_SETTINGS } from '@buildai/domain';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { ONLY_FROM_DATA_RULE } from '../src/features/assistant';
import { ASSISTANT_TOOL_NAME } from '../src/features/mcp';
import { createKey } from './api-helpers';
import {
  activate,
  addTextSource,
  ask,
  messagesOf,
  newUid,
  promptText,
  publishedApp,
  readChunks,
} from './assistant-helpers';
import { activateAndPublish, expectError, fakeLlmConfig, json, makeTool, setPlan } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

const ADMIN = 'boss@example.com';
let llm: FakeLlm;
let server: TestServer;
beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer({ ...fakeLlmConfig(llm), ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'error' });
  await server.listen();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});
afterEach(() => llm.reset());

const chatRequests = () => llm.requests.filter((r) => r.path === '/v1/chat/completions');
const lastChat = () => chatRequests().at(-1)!.body as Json;

function saveSettings(token: string, appId: string, appSettings: Json) {
  return server.request(`/api/apps/${appId}/settings`, { method: 'POST', token, json: { appSettings } });
}
async function storedAssistant(token: string, appId: string): Promise<Json> {
  const app = await json(await server.request(`/api/apps/${appId}`, { token }));
  return app.appSettings.assistantSettings;
}
const info = async (appId: string) => json(await server.request(`/api/apps/${appId}/assistant/info`));

const SHAPED = {
  instructions: 'You are Mina, a calm tea sommelier. Never give medical advice.',
  welcomeMessage: 'Welcome to the tea shop!',
  starters: ['When do you open?', 'What is oolong?'],
  answerBeyondData: false,
  widget: {
    position: 'bottom-left',
    color: '#0f766e',
    icon: 'sparkles',
    greeting: 'Questions about tea?',
    openOnLoad: true,
  },
};

describe('shaping the assistant', () => {
  it('saves the settings, and the page, the widget and the next turn use them at once', async () => {
    const { builder, appId } = await publishedApp(server);
    await activate(server, builder.idToken, appId);
    expect(await storedAssistant(builder.idToken, appId)).toEqual(DEFAULT_ASSISTANT_SETTINGS);

    const saved = await saveSettings(builder.idToken, appId, { assistantSettings: SHAPED });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await json(saved)).appSettings.assistantSettings).toMatchObject(SHAPED);

    // the end user's page and the widget read them on their next load
    expect(await info(appId)).toMatchObject({
      welcomeMessage: 'Welcome to the tea shop!',
      starters: ['When do you open?', 'What is oolong?'],
      widget: SHAPED.widget,
    });

    llm.enqueue({ text: 'We open at nine.' });
    const res = await ask(server, appId, { message: 'When do you open?' }, { uid: newUid() });
    expect(res.status).toBe(200);
    await res.text();
    const system = (lastChat().messages as Json[]).find((m) => m.role === 'system')!.content as string;
    expect(system).toContain(SHAPED.instructions);
    expect(system).toContain(ONLY_FROM_DATA_RULE);

    // the widget's colour falls back to the app's button colour
    await saveSettings(builder.idToken, appId, {
      assistantSettings: { ...SHAPED, answerBeyondData: true, widget: { ...SHAPED.widget, color: '' } },
    });
    expect((await info(appId)).widget.color).toBe('#2563eb');
    llm.enqueue({ text: 'Hello.' });
    await (await ask(server, appId, { message: 'Hi' }, { uid: newUid() })).text();
    expect(promptText(lastChat())).not.toContain(ONLY_FROM_DATA_RULE);
  });

  it('refuses bad settings with a clear message and changes nothing', async () => {
    const { builder, appId, toolId } = await publishedApp(server);
    await activate(server, builder.idToken, appId);
    const good = { ...SHAPED, toolIds: [toolId] };
    expect((await saveSettings(builder.idToken, appId, { assistantSettings: good })).status).toBe(200);

    const cases: [Json, string, string][] = [
      [
        { starters: ['a', 'b', 'c', 'd', 'e'] },
        'appSettings.assistantSettings.starters',
        assistantSettingsMessages.tooManyStarters,
      ],
      [
        { starters: ['When do you open?', ' when do you open? '] },
        'appSettings.assistantSettings.starters.1',
        assistantSettingsMessages.starterRepeated,
      ],
      [
        { starters: ['  '] },
        'appSettings.assistantSettings.starters.0',
        assistantSettingsMessages.starterEmpty,
      ],
      [
        { instructions: 'x'.repeat(4001) },
        'appSettings.assistantSettings.instructions',
        assistantSettingsMessages.instructionsTooLong,
      ],
      [
        { widget: { ...SHAPED.widget, greeting: 'x'.repeat(151) } },
        'appSettings.assistantSettings.widget.greeting',
        assistantSettingsMessages.greetingTooLong,
      ],
      [
        { widget: { ...SHAPED.widget, color: 'teal' } },
        'appSettings.assistantSettings.widget.color',
        assistantSettingsMessages.colour,
      ],
      [
        { toolIds: [toolId, 'AAAAAAAAAAAAAAAAAAAA'] },
        'appSettings.assistantSettings.toolIds.1',
        assistantSettingsMessages.unknownTool,
      ],
    ];
    for (const [patch, field, message] of cases) {
      const res = await saveSettings(builder.idToken, appId, {
        assistantSettings: { ...good, ...patch },
        supportEmail: 'changed@example.com',
      });
      await expectError(res, 400, 'request/invalid', `${field}: ${message}`, field);
    }
    // nothing changed, not even the other settings sent with them
    const app = await json(await server.request(`/api/apps/${appId}`, { token: builder.idToken }));
    expect(app.appSettings.assistantSettings).toMatchObject(good);
    expect(app.appSettings.supportEmail).toBe('');
  });

  it("is another builder's app: 404, and the app keeps its settings", async () => {
    const { builder, appId } = await publishedApp(server);
    const stranger = await signUpBuilder(server);
    const res = await saveSettings(stranger.idToken, appId, { assistantSettings: SHAPED });
    expect(res.status).toBe(404);
    expect(await storedAssistant(builder.idToken, appId)).toEqual(DEFAULT_ASSISTANT_SETTINGS);
  });

  it("follows the tools' model rules: lite plans cannot change the model, only admins may, and the turn uses it", async () => {
    const { builder, appId } = await publishedApp(server);
    await activate(server, builder.idToken, appId);
    const model = { ...DEFAULT_ASSISTANT_SETTINGS, model: 'openai/gpt-4.1', temperature: 0.3 };
    await expectError(
      await saveSettings(builder.idToken, appId, { assistantSettings: model }),
      403,
      'settings/locked',
      'Upgrade your plan to edit tool settings',
      'appSettings.assistantSettings.model',
    );
    const admin = await signUpBuilder(server, ADMIN);
    await setPlan(server, admin.idToken, builder.email, 'explorer');
    await expectError(
      await saveSettings(builder.idToken, appId, {
        assistantSettings: { ...DEFAULT_ASSISTANT_SETTINGS, temperature: 0.3 },
      }),
      403,
      'settings/admin-only',
      'Only admins can change this setting',
      'appSettings.assistantSettings.temperature',
    );
    expect(await storedAssistant(builder.idToken, appId)).toEqual(DEFAULT_ASSISTANT_SETTINGS);

    // an admin's own app: the assistant answers with its own model and temperature
    const mine = await adminPublishedApp(admin.idToken);
    await activate(server, admin.idToken, mine);
    const res = await saveSettings(admin.idToken, mine, { assistantSettings: model });
    expect(res.status, await res.clone().text()).toBe(200);
    llm.enqueue({ text: 'Hi.' });
    await (await ask(server, mine, { message: 'Hi' }, { uid: newUid() })).text();
    expect(lastChat()).toMatchObject({ model: 'openai/gpt-4.1', temperature: 0.3 });
  });

  it('offers the model only the tools the builder allows', async () => {
    const { builder, appId, toolId, path } = await publishedApp(server);
    await activate(server, builder.idToken, appId);
    const offered = async () => {
      llm.enqueue({ text: 'Hi.' });
      await (await ask(server, appId, { message: 'Hi' }, { uid: newUid() })).text();
      return ((lastChat().tools ?? []) as Json[]).map((t) => t.function.name);
    };
    expect(await offered()).toEqual([path]);
    const none = { ...DEFAULT_ASSISTANT_SETTINGS, toolIds: [] };
    expect((await saveSettings(builder.idToken, appId, { assistantSettings: none })).status).toBe(200);
    expect(await offered()).toEqual([]);
    const one = { ...DEFAULT_ASSISTANT_SETTINGS, toolIds: [toolId] };
    expect((await saveSettings(builder.idToken, appId, { assistantSettings: one })).status).toBe(200);
    expect(await offered()).toEqual([path]);
  });
});

/** A published tool app of the given builder (an admin here), as `publishedApp` makes one for a new builder. */
async function adminPublishedApp(token: string): Promise<string> {
  const created = await makeTool(server, token, { prompt: 'Write about {{input}}.' });
  await activateAndPublish(server, token, created.appId, created.toolId);
  return created.appId as string;
}

describe('citations', () => {
  it('lists the data items an answer drew on, with their passages, on the page, the API and MCP', async () => {
    const { builder, appId } = await publishedApp(server);
    const { chatAppId } = await activate(server, builder.idToken, appId);
    const itemId = await addTextSource(
      server,
      builder.idToken,
      chatAppId,
      'Opening hours',
      'The tea shop opens at nine on Sundays and closes at six.',
    );
    const visitor = newUid();
    llm.enqueue({ text: 'We open at nine on Sundays.' });
    const res = await ask(
      server,
      appId,
      { message: 'When do you open on Sundays?', conversationId: 'conv-cite-1' },
      { uid: visitor },
    );
    const chunks = await readChunks(res);
    const expected = [
      {
        itemId,
        itemName: 'Opening hours',
        passages: ['The tea shop opens at nine on Sundays and closes at six.'],
      },
    ];
    const start = chunks.find((c) => c.type === 'start')!;
    expect(start.messageMetadata.citations).toEqual(expected);
    // kept with the answer: a reload shows them
    const history = await json(await messagesOf(server, appId, { uid: visitor }, 'conv-cite-1'));
    expect((history.messages as Json[]).at(-1)!.metadata.citations).toEqual(expected);
    // the builder's log of the turn shows them with the answer
    const logged = await json(
      await server.request(`/api/apps/${appId}/logs?tool=assistant`, { token: builder.idToken }),
    );
    const [turn] = logged.items as Json[];
    const detail = await json(
      await server.request(`/api/apps/${appId}/logs/${turn!.runId}`, { token: builder.idToken }),
    );
    expect(detail.citations).toEqual(expected);
    expect((detail.conversation.messages as Json[]).map((m) => [m.role, m.citations])).toEqual([
      ['user', []],
      ['assistant', expected],
    ]);

    // an answer without data lists none
    llm.enqueue({ text: 'Hello!' });
    const plain = await readChunks(
      await ask(server, appId, { message: 'zzzz qqqq', conversationId: 'conv-cite-2' }, { uid: visitor }),
    );
    expect(plain.find((c) => c.type === 'start')!.messageMetadata.citations).toBeUndefined();

    // OpenAI-compatible: `citations` beside the choices, and on the first chunk of a stream
    const key = await createKey(server, builder.idToken, appId);
    const completions = (stream: boolean) =>
      fetch(`${server.url}/api/v1/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${key.key}` },
        body: JSON.stringify({
          stream,
          messages: [{ role: 'user', content: 'When do you open on Sundays?' }],
        }),
      });
    llm.enqueue({ text: 'At nine.' });
    const completion = await json(await completions(false));
    expect(completion.choices[0].message.content).toBe('At nine.');
    expect(completion.citations).toEqual(expected);
    llm.enqueue({ text: 'At nine.' });
    const streamed = (await (await completions(true)).text())
      .split('\n')
      .filter((l) => l.startsWith('data: {'))
      .map((l) => JSON.parse(l.slice(6)) as Json);
    expect(streamed[0]!.citations).toEqual(expected);

    // MCP: the sources after the answer's text, and a structured answer its output schema declares
    const client = new Client({ name: 'buildai-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/${appId}`), {
        requestInit: { headers: { Authorization: `Bearer ${key.key}` } },
      }),
    );
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === ASSISTANT_TOOL_NAME)!;
      expect(tool.outputSchema?.required).toEqual(['answer', 'citations']);
      llm.enqueue({ text: 'At nine.' });
      const result = await client.callTool({
        name: ASSISTANT_TOOL_NAME,
        arguments: { message: 'When do you open on Sundays?' },
      });
      expect(result).toEqual({
        content: [
          { type: 'text', text: 'At nine.' },
          { type: 'text', text: 'Sources:\n[1] Opening hours' },
        ],
        structuredContent: { answer: 'At nine.', citations: expected },
      });
    } finally {
      await client.close();
    }
  });

  it("names them in a tool run's start event, and keeps them with the run for its result opened later", async () => {
    const { builder, appId, path } = await publishedApp(server);
    await addTextSource(
      server,
      builder.idToken,
      appId,
      'Teas',
      'Oolong is a semi-oxidised tea from the hills.',
    );
    llm.enqueue({ text: 'Oolong: calm hills in a cup.' });
    const res = await server.request(`/api/apps/${appId}/tools/${path}/run`, {
      method: 'POST',
      json: { inputs: { topic: 'oolong tea' } },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const events = (await res.text())
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)) as Json);
    const start = events.find((e) => e.type === 'start')!;
    expect(start.citations).toEqual([
      {
        itemId: expect.any(String),
        itemName: 'Teas',
        passages: ['Oolong is a semi-oxidised tea from the hills.'],
      },
    ]);
    // the saved result (its page, opened later or by another) lists the same sources
    const saved = await json(await server.request(`/api/apps/${appId}/runs/${start.runId}`));
    expect(saved).toMatchObject({ runId: start.runId, output: 'Oolong: calm hills in a cup.' });
    expect(saved.citations).toEqual(start.citations);
    // and the builder's log of the run
    const logged = await json(
      await server.request(`/api/apps/${appId}/logs/${start.runId}`, { token: builder.idToken }),
    );
    expect(logged).toMatchObject({ citations: start.citations, conversation: null });

    // a run whose search found nothing lists none
    llm.enqueue({ text: 'No idea.' });
    const plain = await server.request(`/api/apps/${appId}/tools/${path}/run`, {
      method: 'POST',
      json: { inputs: { topic: 'zzzz qqqq' } },
    });
    const plainStart = (await plain.text())
      .split('\n')
      .filter((l) => l.startsWith('data:'))
      .map((l) => JSON.parse(l.slice(5)) as Json)
      .find((e) => e.type === 'start')!;
    expect(plainStart.citations).toBeUndefined();
    const plainSaved = await json(await server.request(`/api/apps/${appId}/runs/${plainStart.runId}`));
    expect(plainSaved.citations).toEqual([]);
  });
});

describe('test retrieval', () => {
  it('shows what each method returns with scores; another builder gets 404, bad input 400', async () => {
    const { builder, appId } = await publishedApp(server);
    const { chatAppId } = await activate(server, builder.idToken, appId);
    // a lite plan holds one data item
    await addTextSource(server, builder.idToken, chatAppId, 'Prices', 'A pot of oolong costs four euros.');
    const test = (token: string, body: Json) =>
      server.request('/api/context/test-retrieval', { method: 'POST', token, json: body });

    const res = await test(builder.idToken, { appId: chatAppId, query: 'oolong price' });
    expect(res.status, await res.clone().text()).toBe(200);
    const body = await json(res);
    expect(body.query).toBe('oolong price');
    expect(body.appMethod).toBe('hybrid');
    expect((body.results as Json[]).map((r) => r.method)).toEqual(['fulltext', 'vector', 'hybrid']);
    const fulltext = (body.results as Json[])[0]!;
    expect(fulltext).toMatchObject({ available: true, reason: null });
    expect(fulltext.passages).toEqual([
      {
        itemId: expect.any(String),
        itemName: 'Prices',
        chunkId: expect.any(String),
        content: 'A pot of oolong costs four euros.',
        score: expect.any(Number),
      },
    ]);
    expect(fulltext.passages[0].score).toBeGreaterThan(0);
    const nothing = await json(await test(builder.idToken, { appId: chatAppId, query: 'zebra' }));
    expect(nothing.results[0]).toMatchObject({ method: 'fulltext', available: true, passages: [] });
    // this server has no embedding model: vector and hybrid say why instead of pretending
    for (const r of (body.results as Json[]).slice(1)) {
      expect(r).toMatchObject({ available: false, passages: [] });
      expect(r.reason).toContain('AI_EMBEDDING_MODEL');
    }

    const stranger = await signUpBuilder(server);
    await expectError(
      await test(stranger.idToken, { appId: chatAppId, query: 'oolong' }),
      404,
      'app/not-found',
      'App not found',
    );
    await expectError(
      await test(builder.idToken, { appId: chatAppId, query: '   ' }),
      400,
      'request/invalid',
      'query: Write a question to test',
      'query',
    );
    await expectError(
      await test(builder.idToken, { appId: chatAppId, query: 'x'.repeat(501) }),
      400,
      'request/invalid',
      'query: A test question may hold at most 500 characters',
      'query',
    );
    expect((await server.request('/api/context/test-retrieval', { method: 'POST', json: {} })).status).toBe(
      401,
    );
  });
});
