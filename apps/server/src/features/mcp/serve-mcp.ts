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

/** Progress of one call is sent at most this often; the answer itself always comes whole in the result. */
export const PROGRESS_EVERY_MS = 250;

/**
 * One MCP request, stateless (decision 0010, "MCP"): a server and a Streamable HTTP transport of the SDK are made
 * for it and dropped after it. The key is the session: every request carries it, and nothing is kept between them,
 * so any instance answers any request. Answers are JSON, a tool call's once at its end; a call that asks for
 * progress (`_meta.progressToken`) is answered as an event stream instead, with `notifications/progress` while the
 * tool's answer is written (decision 0010, "MCP progress").
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
      onText: progressOf(request.params._meta?.progressToken, (params) =>
        extra.sendNotification({ method: 'notifications/progress', params }),
      ),
    }),
  );
  const streamed = asksProgress(options.body);
  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: !streamed,
  });
  await server.connect(transport);
  let answer: Response;
  try {
    answer = await transport.handleRequest(options.request, { parsedBody: options.body });
  } catch (err) {
    await server.close();
    throw err;
  }
  // A JSON answer is complete here. An event stream is still being written: the server is dropped when it ends
  // (the transport ends it once the call's result is sent) or when the client hangs up.
  if (!streamed || !answer.body) {
    await server.close();
    return answer;
  }
  const close = () => void server.close().catch(() => {});
  const body = answer.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush: close,
    }),
  );
  options.request.signal.addEventListener('abort', close, { once: true });
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/** Whether a message of the request asks for progress: then the answer is an event stream. */
function asksProgress(body: unknown): boolean {
  const messages = Array.isArray(body) ? body : [body];
  return messages.some((m) => {
    const meta = (m as { params?: { _meta?: { progressToken?: unknown } } } | null)?.params?._meta;
    return meta?.progressToken !== undefined;
  });
}

type ProgressParams = { progressToken: string | number; progress: number; message: string };

/**
 * The pieces of a tool's answer as progress notifications: `progress` is the characters written so far, `message`
 * the text written since the previous notification, so a client can show the answer as it grows. At most one every
 * PROGRESS_EVERY_MS; what is left when the run ends comes in the result.
 */
function progressOf(
  token: string | number | undefined,
  send: (params: ProgressParams) => Promise<void>,
): ((text: string) => void) | undefined {
  if (token === undefined) return undefined;
  let written = 0;
  let pending = '';
  let last = 0;
  return (text) => {
    written += text.length;
    pending += text;
    const now = Date.now();
    if (now - last < PROGRESS_EVERY_MS) return;
    last = now;
    const message = pending;
    pending = '';
    // a client gone meanwhile is the run's own business (its signal stops it)
    send({ progressToken: token, progress: written, message }).catch(() => {});
  };
}
