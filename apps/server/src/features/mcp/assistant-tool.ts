import type { Citation } from '@buildai/domain';
import type { EndUser } from '../../http/end-user';

/**
 * The app's chat assistant as MCP offers it: one more tool while the assistant is active. The server hands it in
 * (`ServiceOptions.mcpAssistant`), so MCP does not depend on the assistant feature.
 */
export interface McpAssistant {
  isActive(appId: string): Promise<boolean>;
  ask(options: McpAskOptions): Promise<{ text: string; citations?: Citation[] }>;
}

export interface McpAskOptions {
  appId: string;
  /** the key's own end user (`key:{id}`): its turns count against the app's limits like its runs */
  user: EndUser;
  apiKeyId: string;
  source: 'mcp';
  message: string;
  signal: AbortSignal;
}

/** The assistant tool's name: no tool path can be it (paths have letters, numbers and dashes only). */
export const ASSISTANT_TOOL_NAME = 'ask_assistant';

/**
 * The structured answer of `ask_assistant` (decision 0017 "Citations"): the reply and the data items it drew on,
 * each with the passages the assistant read. Declared as the tool's output schema, so clients can rely on it.
 */
export const ASSISTANT_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    answer: { type: 'string' },
    citations: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          itemId: { type: 'string' },
          itemName: { type: 'string' },
          passages: { type: 'array', items: { type: 'string' } },
        },
        required: ['itemId', 'itemName', 'passages'],
      },
    },
  },
  required: ['answer', 'citations'],
} as const;

/** The sources as text after the answer, for a model that reads only the text content. */
export function sourcesText(citations: readonly Citation[]): string {
  return ['Sources:', ...citations.map((c, i) => `[${i + 1}] ${c.itemName}`)].join('\n');
}
