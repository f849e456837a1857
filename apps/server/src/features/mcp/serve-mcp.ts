import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Platform } from '../../platform';
import type { KeyCaller } from '../api-keys';
import type { PublishedTools, RunAdmissions } from '../runtime';
import type { McpAssistant } from './assistant-tool';
import { callMcpTool } from './call-mcp-tool';
import { listMcpTools } from './mcp-tools';

export interface ServeMcpOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  assistant?: McpAssistant;
  /** the key that asks, authenticated for the app of the URL */
  key: KeyCaller;
  request: Request;
  /** the JSON-RPC message(s), already read */
  body: unknown;
}

const SERVER_INFO = { name: 'buildai', version: '1.0.0' };

/**
 * One MCP request, stateless (decision 0010, "MCP"): a server and a Streamable HTTP transport of the SDK are made
 * for it and dropped after it. The key is the session: every request carries it, and nothing is kept between them,
 * so any instance answers any request. Answers are JSON, not event streams: a tool call answers once, at its end.
 */
export async function serveMcp(options: ServeMcpOptions): Promise<Response> {
  const { platform, key, assistant } = options;
  const server = new Server(SERVER_INFO, { capabilities: { tools: { listChanged: false } } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: await listMcpTools({ platform, appId: key.appId, assistant }),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request, extra) =>
    callMcpTool({
      platform,
      publishedTools: options.publishedTools,
      admissions: options.admissions,
      assistant,
      key,
      name: request.params.name,
      args: request.params.arguments,
      // a client that hangs up stops the run: JSON answers do not watch the request, so its signal is added
      signal: AbortSignal.any([extra.signal, options.request.signal]),
    }),
  );
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  try {
    return await transport.handleRequest(options.request, { parsedBody: options.body });
  } finally {
    await server.close();
  }
}
