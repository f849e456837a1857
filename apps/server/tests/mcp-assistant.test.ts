import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { schema } from '@buildai/server';
import { startFakeLlm, startTestServer, type FakeLlm, type TestServer } from '@buildai/testkit';
import { ASSISTANT_TOOL_NAME } from '../src/features/mcp';
import { createKey } from './api-helpers';
import { activate, publishedApp } from './assistant-helpers';
import { fakeLlmConfig } from './helpers';

// The server as composed for real: MCP's ask_assistant tool is the app's own assistant (no test double).
let llm: FakeLlm;
let server: TestServer;

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer({ ...fakeLlmConfig(llm), LOG_LEVEL: 'error' });
  await server.listen();
}, 60_000);
afterAll(async () => {
  await server?.close();
  await llm?.close();
});

describe('MCP ask_assistant on the composed server', () => {
  it("answers with the app's assistant and counts the turn as an MCP run of the key", async () => {
    const { builder, appId } = await publishedApp(server);
    const key = await createKey(server, builder.idToken, appId);
    const client = new Client({ name: 'buildai-test', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${server.url}/mcp/${appId}`), {
        requestInit: { headers: { Authorization: `Bearer ${key.key}` } },
      }),
    );
    try {
      // off: the tool is not offered
      expect((await client.listTools()).tools.map((t) => t.name)).not.toContain(ASSISTANT_TOOL_NAME);
      await activate(server, builder.idToken, appId);
      expect((await client.listTools()).tools.map((t) => t.name)).toContain(ASSISTANT_TOOL_NAME);

      llm.respondWith(() => ({ text: 'We open at nine.' }));
      const result = await client.callTool({
        name: ASSISTANT_TOOL_NAME,
        arguments: { message: 'When do you open?' },
      });
      // without data sources: no sources after the text, an empty list in the structured answer
      expect(result).toEqual({
        content: [{ type: 'text', text: 'We open at nine.' }],
        structuredContent: { answer: 'We open at nine.', citations: [] },
      });
      // the question reached the model
      expect(JSON.stringify(llm.requests.at(-1))).toContain('When do you open?');

      const turns = await server.platform.db
        .select({ source: schema.runs.source, apiKeyId: schema.runs.apiKeyId, userKey: schema.runs.userKey })
        .from(schema.runs)
        .where(and(eq(schema.runs.appId, appId), isNull(schema.runs.toolId)));
      expect(turns).toEqual([{ source: 'mcp', apiKeyId: key.id, userKey: `key:${key.id}` }]);
    } finally {
      await client.close();
    }
  });
});
