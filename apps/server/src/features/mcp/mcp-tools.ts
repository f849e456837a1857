import { eq } from 'drizzle-orm';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { apps } from '../../db/schema';
import type { Platform } from '../../platform';
import { loadTools, type ToolRow } from '../apps';
import { toolInputs, type ToolInput } from '../runtime';
import { ASSISTANT_OUTPUT_SCHEMA, ASSISTANT_TOOL_NAME, type McpAssistant } from './assistant-tool';

type JsonSchema = Record<string, unknown>;

/** One input as JSON Schema: text, a number for height and weight, a list for a multiselect, the offered choices. */
function inputSchema(input: ToolInput): JsonSchema {
  const described = {
    title: input.label,
    ...(input.hint ? { description: input.hint } : {}),
  };
  const choice = input.options.length > 0 ? { enum: input.options } : {};
  if (input.type === 'multiselect')
    return { ...described, type: 'array', items: { type: 'string', ...choice } };
  if (input.type === 'height' || input.type === 'weight') return { ...described, type: ['string', 'number'] };
  return { ...described, type: 'string', ...choice, ...(input.type === 'email' ? { format: 'email' } : {}) };
}

/** An active tool as MCP lists it: its path as name, its header and subheader as description. */
export function toolOf(tool: ToolRow): Tool {
  const inputs = toolInputs(tool.definition);
  const header = tool.definition.header.trim() || tool.title.trim() || tool.path;
  const subheader = tool.definition.description.trim();
  return {
    name: tool.path,
    title: header,
    description: subheader ? `${header}: ${subheader}` : header,
    inputSchema: {
      type: 'object',
      properties: Object.fromEntries(inputs.map((input) => [input.name, inputSchema(input)])),
      required: inputs.filter((input) => input.required).map((input) => input.name),
      additionalProperties: false,
    },
  };
}

export interface ListMcpToolsOptions {
  platform: Platform;
  appId: string;
  assistant?: McpAssistant;
}

/** The tools of `tools/list`: the app's active tools in their order, and its assistant when it is active. */
export async function listMcpTools(options: ListMcpToolsOptions): Promise<Tool[]> {
  const { platform, appId, assistant } = options;
  const [appTools, assistantOn] = await Promise.all([
    loadTools(platform.db, appId),
    assistant ? assistant.isActive(appId) : false,
  ]);
  const listed = appTools.filter((tool) => tool.status === 'active').map(toolOf);
  if (assistantOn) {
    const [app] = await platform.db.select({ header: apps.header }).from(apps).where(eq(apps.appId, appId));
    const name = app?.header.trim() || 'this app';
    listed.push({
      name: ASSISTANT_TOOL_NAME,
      title: `Ask ${name}`,
      description: `Asks the chat assistant of ${name} a question and answers its reply`,
      inputSchema: {
        type: 'object',
        properties: {
          message: { type: 'string', title: 'Message', description: 'What to ask the assistant' },
        },
        required: ['message'],
        additionalProperties: false,
      },
      outputSchema: ASSISTANT_OUTPUT_SCHEMA as unknown as Tool['outputSchema'],
    });
  }
  return listed;
}
