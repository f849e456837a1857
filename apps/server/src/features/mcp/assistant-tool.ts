import type { EndUser } from '../../http/end-user';

/**
 * The app's chat assistant as MCP offers it: one more tool while the assistant is active. The server hands it in
 * (`ServiceOptions.mcpAssistant`), so MCP does not depend on the assistant feature.
 */
export interface McpAssistant {
  isActive(appId: string): Promise<boolean>;
  ask(options: McpAskOptions): Promise<{ text: string }>;
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
