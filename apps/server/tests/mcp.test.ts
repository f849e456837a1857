import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { builderMessages, toolPathNotFoundMessage } from '@buildai/domain';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { ASSISTANT_TOOL_NAME, PROGRESS_EVERY_MS, type McpAskOptions } from '../src/features/mcp';
import { apiRun, createKey, makeApiTool, runRows } from './api-helpers';
import { fakeLlmConfig, json } from './helpers';

let llm: FakeLlm;
let server: TestServer;
let url: string;
let builder: Awaited<ReturnType<typeof signUpBuilder>>;
let app: { appId: string; toolId: string; path: string };
let key: Awaited<ReturnType<typeof createKey>>;
/** the assistant's questions, as the MCP server handed them over */
const asked: McpAskOptions[] = [];
/** the apps whose assistant is active (the in-test assistant) */
const activeAssistants = new Set<string>();
const clients: Client[] = [];

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  llm.respondWith(() => ({ text: 'Tea, boldly brewed.' }));
  server = await startTestServer(
    { ...fakeLlmConfig(llm), LOG_LEVEL: 'error' },
    {
      mcpAssistant: {
        isActive: async (appId) => activeAssistants.has(appId),
        ask: async (options) => {
          asked.push(options);
          return { text: `You asked: ${options.message}` };
        },
      },
    },
  );
  url = await server.listen();
  builder = await signUpBuilder(server);
  app = await makeApiTool(server, builder.idToken);
  key = await createKey(server, builder.idToken, app.appId);
}, 60_000);
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

/** The official SDK client connected to the app's MCP endpoint with the key as bearer. */
async function connect(appId: string, bearer: string | null, at = server.url!) {
  const client = new Client({ name: 'buildai-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${at}/mcp/${appId}`), {
    requestInit: { headers: bearer ? { Authorization: `Bearer ${bearer}` } : {} },
  });
  clients.push(client);
  await client.connect(transport);
  // the current protocol revision was agreed on
  expect(transport.protocolVersion).toBe(LATEST_PROTOCOL_VERSION);
  return client;
}

/** What the SDK client was answered when the server refused its request: the HTTP status and our error code. */
async function refusal(pending: Promise<unknown>): Promise<{ status: number; code: string }> {
  const err = (await pending.then(
    () => {
      throw new Error('the request was not refused');
    },
    (e: unknown) => e,
  )) as { code?: number; message: string };
  const code = /"code":"([^"]+)"/.exec(err.message)?.[1] ?? '';
  return { status: err.code ?? 0, code };
}
const invalidKey = { status: 401, code: 'api-key/invalid' };

describe('MCP at /mcp/{appId} with the official TypeScript SDK client', () => {
  it('lists the active tools: path as name, header and subheader as description, inputs as JSON Schema', async () => {
    const client = await connect(app.appId, key.key);
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const { tools } = await client.listTools();
    expect(tools).toEqual([
      {
        name: app.path,
        title: 'Slogan maker',
        description: 'Slogan maker: Writes slogans',
        inputSchema: {
          type: 'object',
          properties: {
            input: { title: 'Notes', type: 'string' },
            topic: { title: 'Topic', type: 'string' },
            tone: { title: 'Tone', type: 'string', enum: ['Bold', 'Calm'] },
          },
          required: ['topic'],
          additionalProperties: false,
        },
      },
    ]);
  });

  it("calls a tool: the run's text, stored as an MCP run of the key", async () => {
    const client = await connect(app.appId, key.key);
    const result = await client.callTool({ name: app.path, arguments: { topic: 'matcha', tone: 'Calm' } });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Tea, boldly brewed.' }] });
    expect(JSON.stringify(llm.requests.at(-1)!.body)).toContain('Write a Calm slogan about matcha.');
    const row = (await runRows(server, app.appId)).at(-1)!;
    expect(row).toMatchObject({
      source: 'mcp',
      apiKeyId: key.id,
      userKey: `key:${key.id}`,
      status: 'succeeded',
    });
  });

  it('sends progress while the answer is written when the call asks for it, the whole answer in the result', async () => {
    const client = await connect(app.appId, key.key);
    // three pieces, each after more than the progress interval
    llm.enqueue({ chunks: ['Tea,', ' boldly', ' brewed.'], delayMs: PROGRESS_EVERY_MS + 50 });
    const progress: { progress: number; message?: string }[] = [];
    const result = await client.callTool({ name: app.path, arguments: { topic: 'sencha' } }, undefined, {
      onprogress: (p) => progress.push({ progress: p.progress, message: p.message }),
    });
    expect(result).toEqual({ content: [{ type: 'text', text: 'Tea, boldly brewed.' }] });
    expect(progress).toEqual([
      { progress: 4, message: 'Tea,' },
      { progress: 11, message: ' boldly' },
      { progress: 19, message: ' brewed.' },
    ]);

    // on the wire: an event stream for a call with a progress token, JSON for one without
    const call = (meta: object) =>
      fetch(`${url}/mcp/${app.appId}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${key.key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 7,
          method: 'tools/call',
          params: { name: app.path, arguments: { topic: 'oolong' }, _meta: meta },
        }),
      });
    const streamed = await call({ progressToken: 'p-1' });
    expect(streamed.headers.get('content-type')).toContain('text/event-stream');
    const events = await streamed.text();
    expect(events).toContain('"method":"notifications/progress"');
    expect(events).toContain('"progressToken":"p-1"');
    expect(events).toContain('"text":"Tea, boldly brewed."');
    const plain = await call({});
    expect(plain.headers.get('content-type')).toContain('application/json');
    expect(await plain.json()).toMatchObject({
      id: 7,
      result: { content: [{ type: 'text', text: 'Tea, boldly brewed.' }] },
    });
  });

  it('answers what a run refuses as a tool error with the message, and an unknown tool as a protocol error', async () => {
    const client = await connect(app.appId, key.key);
    const before = (await runRows(server, app.appId)).length;
    expect(await client.callTool({ name: app.path, arguments: {} })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'inputs.topic: Topic is required' }],
    });
    expect(await client.callTool({ name: app.path, arguments: { topic: 'tea', size: 'big' } })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'inputs.size: This tool has no input named size' }],
    });
    expect(await client.callTool({ name: app.path, arguments: { topic: { deep: 1 } } })).toMatchObject({
      isError: true,
      content: [{ type: 'text', text: expect.stringMatching(/^inputs\.topic: /) }],
    });
    // the protocol error's message is the product's, with the MCP prefix once (issue 32, item 16)
    await expect(client.callTool({ name: 'no-such-tool', arguments: {} })).rejects.toMatchObject({
      code: -32602,
      message: `MCP error -32602: ${toolPathNotFoundMessage('no-such-tool')}`,
    });
    expect(await runRows(server, app.appId)).toHaveLength(before);
  });

  it("counts MCP calls against the app's run limits: a tool error once reached", async () => {
    const b = await signUpBuilder(server);
    const limited = await makeApiTool(server, b.idToken, { settings: { dailyUserLimit: 1 } });
    const limitedKey = await createKey(server, b.idToken, limited.appId);
    const client = await connect(limited.appId, limitedKey.key);
    expect(
      (await client.callTool({ name: limited.path, arguments: { topic: 'a' } })).isError,
    ).toBeUndefined();
    expect(await client.callTool({ name: limited.path, arguments: { topic: 'b' } })).toEqual({
      isError: true,
      content: [{ type: 'text', text: builderMessages.dailyLimitReached(1) }],
    });
  });

  it("refuses a connection without a key, with another app's key and with a revoked key (401)", async () => {
    expect(await refusal(connect(app.appId, null))).toEqual({ status: 401, code: 'api-key/missing' });
    const b = await signUpBuilder(server);
    const other = await makeApiTool(server, b.idToken, { publish: false });
    const otherKey = await createKey(server, b.idToken, other.appId);
    expect(await refusal(connect(app.appId, otherKey.key))).toEqual(invalidKey);
    expect(await refusal(connect(other.appId, key.key))).toEqual(invalidKey);

    const revoked = await createKey(server, builder.idToken, app.appId, 'Revoked');
    const client = await connect(app.appId, revoked.key);
    await server.request(`/api/apps/${app.appId}/api-keys/${revoked.id}`, {
      method: 'DELETE',
      token: builder.idToken,
    });
    // refused at once, in the middle of a session
    expect(await refusal(client.listTools())).toEqual(invalidKey);
    expect(await refusal(connect(app.appId, revoked.key))).toEqual(invalidKey);
  });

  it('offers the assistant as one more tool while it is active', async () => {
    const b = await signUpBuilder(server);
    const withChat = await makeApiTool(server, b.idToken);
    const chatKey = await createKey(server, b.idToken, withChat.appId);
    const client = await connect(withChat.appId, chatKey.key);
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual([withChat.path]);
    await expect(
      client.callTool({ name: ASSISTANT_TOOL_NAME, arguments: { message: 'hi' } }),
    ).rejects.toThrow(toolPathNotFoundMessage(ASSISTANT_TOOL_NAME));

    activeAssistants.add(withChat.appId);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([withChat.path, ASSISTANT_TOOL_NAME]);
    expect(tools[1]).toMatchObject({
      title: 'Ask Slogan maker',
      inputSchema: { type: 'object', required: ['message'] },
    });
    const result = await client.callTool({
      name: ASSISTANT_TOOL_NAME,
      arguments: { message: 'What do you know?' },
    });
    // the structured answer its output schema declares: no data sources here, so no citations
    expect(result).toEqual({
      content: [{ type: 'text', text: 'You asked: What do you know?' }],
      structuredContent: { answer: 'You asked: What do you know?', citations: [] },
    });
    expect(asked.at(-1)).toMatchObject({
      appId: withChat.appId,
      user: { userKey: `key:${chatKey.id}`, userId: null },
      apiKeyId: chatKey.id,
      source: 'mcp',
      message: 'What do you know?',
    });
    expect(await client.callTool({ name: ASSISTANT_TOOL_NAME, arguments: { message: '  ' } })).toEqual({
      isError: true,
      content: [{ type: 'text', text: 'message: Write a message first' }],
    });
  });

  it('answers 405 to GET and DELETE: the server keeps no sessions', async () => {
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(`${url}/mcp/${app.appId}`, {
        method,
        headers: { Authorization: `Bearer ${key.key}`, Accept: 'text/event-stream' },
      });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });

  it('shows runs of the page, the API and MCP in the analytics by source', async () => {
    const b = await signUpBuilder(server);
    const counted = await makeApiTool(server, b.idToken);
    const countedKey = await createKey(server, b.idToken, counted.appId);
    const web = await server.request(`/api/apps/${counted.appId}/tools/${counted.path}/run`, {
      method: 'POST',
      json: { inputs: { topic: 'web' } },
    });
    await web.text();
    for (const topic of ['one', 'two'])
      expect(
        (await apiRun(server, counted.appId, counted.path, countedKey.key, { inputs: { topic } })).status,
      ).toBe(200);
    const client = await connect(counted.appId, countedKey.key);
    await client.callTool({ name: counted.path, arguments: { topic: 'three' } });

    const analytics = await json(
      await server.request(`/api/apps/${counted.appId}/analytics`, { token: b.idToken }),
    );
    const bySource = Object.fromEntries(
      analytics.sources.map((s: { source: string; runs: number; users: number }) => [s.source, s]),
    );
    expect(bySource.web).toMatchObject({ runs: 1, users: 1 });
    expect(bySource.api).toMatchObject({ runs: 2, users: 1 });
    expect(bySource.mcp).toMatchObject({ runs: 1, users: 1 });
    expect(bySource.widget).toMatchObject({ runs: 0 });
  });
});

describe('the per-key rate limit over MCP', () => {
  let limitedServer: TestServer;
  beforeAll(async () => {
    limitedServer = await startTestServer({
      ...fakeLlmConfig(llm),
      LOG_LEVEL: 'error',
      API_KEY_RATE_LIMIT_PER_MINUTE: '3',
    });
    await limitedServer.listen();
  }, 60_000);
  afterAll(() => limitedServer?.close());

  it('answers 429 once the key used its minute', async () => {
    const b = await signUpBuilder(limitedServer);
    const made = await makeApiTool(limitedServer, b.idToken, { publish: false });
    const madeKey = await createKey(limitedServer, b.idToken, made.appId);
    // initialize and its notification are the first two requests, the list the third
    const client = await connect(made.appId, madeKey.key, limitedServer.url);
    expect((await client.listTools()).tools).toHaveLength(1);
    expect(await refusal(client.listTools())).toEqual({ status: 429, code: 'api-key/rate-limited' });
  });
});
