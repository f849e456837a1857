import { publicOrigin } from '@/lib/public-origin';
import { MAIN_INPUT_NAME, type AppView, type ToolSummary } from '@buildai/domain';

/** The tool an example calls: the first active tool, else the first tool, else none. */
export function exampleTool(app: Pick<AppView, 'tools'>): ToolSummary | null {
  return app.tools.find((t) => t.status === 'active') ?? app.tools[0] ?? null;
}

/** The inputs an example sends: the main input and each required field, named as the tool names them. */
export function exampleInputs(tool: ToolSummary): Record<string, string> {
  const inputs: Record<string, string> = {};
  if (!tool.app.isInputHidden) inputs[MAIN_INPUT_NAME] = tool.app.inputPlaceholder?.trim() || 'Your text';
  for (const f of tool.app.fields ?? []) if (f.required) inputs[f.name] = f.placeholder?.trim() || f.label;
  return inputs;
}

const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;

/**
 * A curl command a builder can paste into a terminal: a run of the app's tool (`POST /api/v1/apps/{appId}/tools/
 * {path}/run`), or, for an app without tools, its assistant through the OpenAI-compatible chat.
 */
export function curlExample(app: Pick<AppView, 'appId' | 'tools'>, key: string, origin = publicOrigin()) {
  const tool = exampleTool(app);
  const auth = `  -H "Authorization: Bearer ${key}" \\\n  -H "Content-Type: application/json" \\\n`;
  if (tool) {
    const url = `${origin}/api/v1/apps/${encodeURIComponent(app.appId)}/tools/${encodeURIComponent(tool.path)}/run`;
    const body = JSON.stringify({ inputs: exampleInputs(tool) });
    return `curl -X POST ${url} \\\n${auth}  -d ${shellQuote(body)}`;
  }
  const body = JSON.stringify({ messages: [{ role: 'user', content: 'Hello!' }] });
  return `curl -X POST ${origin}/api/v1/chat/completions \\\n${auth}  -d ${shellQuote(body)}`;
}

/** The MCP server of an app (Streamable HTTP, the key as bearer). */
export const mcpUrl = (appId: string, origin = publicOrigin()) =>
  `${origin}/mcp/${encodeURIComponent(appId)}`;

/** The base URL an OpenAI client is given (its chat completions answer with the app's assistant). */
export const openAiBaseUrl = (origin = publicOrigin()) => `${origin}/api/v1`;
