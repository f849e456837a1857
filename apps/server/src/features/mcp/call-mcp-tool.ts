import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import {
  AppError,
  apiRunRequest,
  ASSISTANT_MESSAGE_MAX_CHARS,
  toolPathNotFoundMessage,
} from '@buildai/domain';
import { invalidRequest } from '../../http/validation';
import type { Platform } from '../../platform';
import type { KeyCaller } from '../api-keys';
import { prepareApiRun } from '../public-api';
import { collectRun, type PublishedTools, type RunAdmissions } from '../runtime';
import { ASSISTANT_TOOL_NAME, sourcesText, type McpAssistant } from './assistant-tool';

export interface CallMcpToolOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  admissions: RunAdmissions;
  assistant?: McpAssistant;
  key: KeyCaller;
  name: string;
  args: Record<string, unknown> | undefined;
  signal: AbortSignal;
  /** told of each piece of a tool run's answer as it comes (the client asked for progress) */
  onText?: (text: string) => void;
}

const toolError = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: message }],
});
const answer = (text: string): CallToolResult => ({ content: [{ type: 'text', text }] });

/**
 * A protocol error whose message is the product's own: McpError puts "MCP error {code}: " before its message, the
 * server sends that message as it is, and the client's McpError puts the prefix before it again.
 */
function protocolError(code: ErrorCode, message: string): McpError {
  const error = new McpError(code, message);
  error.message = message;
  return error;
}

/**
 * `tools/call`: runs the app's tool at that path (source `mcp`) and answers its text, or asks the assistant. What
 * the run refuses (a bad input, the run limits, the provider failing) is a tool error with the product's message,
 * so the model calling it reads why; a name the app has no tool for is a protocol error with the spec's message.
 */
export async function callMcpTool(options: CallMcpToolOptions): Promise<CallToolResult> {
  const { platform, key, name, args, assistant, signal } = options;
  try {
    if (name === ASSISTANT_TOOL_NAME && assistant && (await assistant.isActive(key.appId))) {
      const message = typeof args?.message === 'string' ? args.message.trim() : '';
      if (message === '') return toolError('message: Write a message first');
      if (message.length > ASSISTANT_MESSAGE_MAX_CHARS)
        return toolError(`message: ${ASSISTANT_MESSAGE_MAX_CHARS} characters max`);
      const { text, citations = [] } = await assistant.ask({
        appId: key.appId,
        user: key.user,
        apiKeyId: key.keyId,
        source: 'mcp',
        message,
        signal,
      });
      return {
        content: [
          { type: 'text', text },
          ...(citations.length > 0 ? [{ type: 'text' as const, text: sourcesText(citations) }] : []),
        ],
        structuredContent: { answer: text, citations },
      };
    }
    const run = await prepareApiRun({
      platform,
      publishedTools: options.publishedTools,
      admissions: options.admissions,
      key,
      toolPath: name,
      inputs: async () => {
        const parsed = apiRunRequest.shape.inputs.safeParse(args ?? {});
        if (!parsed.success) throw invalidRequest(parsed.error, 'inputs');
        return parsed.data;
      },
      source: 'mcp',
    });
    const { output } = await collectRun(run, signal, options.onText);
    return answer(output);
  } catch (err) {
    if (err instanceof AppError && err.code === 'tool/path-not-found')
      throw protocolError(ErrorCode.InvalidParams, toolPathNotFoundMessage(name));
    if (err instanceof AppError && err.status < 500) return toolError(err.message);
    if (err instanceof AppError) {
      platform.logger.warn({ err, appId: key.appId, tool: name }, 'an MCP tool call failed');
      return toolError(err.message);
    }
    throw err;
  }
}
