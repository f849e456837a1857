import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import { appParams } from '../../http/params';
import { answered, route } from '../../http/validation';
import { mcpResponse } from '@buildai/domain';
import { authenticateKey, bearerOf } from '../api-keys';
import type { PublishedTools, RunAdmissions } from '../runtime';
import type { McpAssistant } from './assistant-tool';
import { serveMcp } from './serve-mcp';

/** A JSON-RPC message of MCP, as the document describes it (the SDK's transport checks it). */
const mcpMessage = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number()]).optional(),
    method: z.string().optional(),
    params: z.record(z.string(), z.unknown()).optional(),
  })
  .passthrough();

/** The MCP Streamable HTTP answer to a GET (no server-initiated stream) or DELETE (no session to end). */
const methodNotAllowed = () =>
  new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed.' }, id: null }),
    { status: 405, headers: { Allow: 'POST', 'Content-Type': 'application/json' } },
  );

export interface McpRoutesOptions {
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  /** the app's chat assistant as one more tool (none: tools only) */
  assistant?: McpAssistant;
}

/** `/mcp/{appId}`: the app's tools over MCP (Streamable HTTP, stateless), an API key of the app as bearer. */
export function mcpRoutes(options: McpRoutesOptions) {
  const r = new OpenAPIHono<AppEnv>();
  route(
    r,
    {
      method: 'post',
      path: '/{appId}',
      summary: "MCP (Streamable HTTP): the app's active tools, with an API key of the app as bearer",
      params: appParams,
      body: mcpMessage,
      response: mcpResponse,
      auth: 'apiKey',
    },
    async (c, { params, sent }) => {
      const platform = c.get('platform');
      const key = await authenticateKey({ platform, token: bearerOf(c), appId: params.appId });
      return answered(
        mcpResponse,
        await serveMcp({ ...options, platform, key, request: c.req.raw, body: await sent() }),
      );
    },
  );
  for (const method of ['get', 'delete'] as const)
    route(
      r,
      {
        method,
        path: '/{appId}',
        summary: 'MCP: stateless, so no event stream to open and no session to end (405)',
        params: appParams,
        status: 405,
        response: mcpResponse,
        auth: 'apiKey',
      },
      () => answered(mcpResponse, methodNotAllowed()),
    );
  return r;
}
