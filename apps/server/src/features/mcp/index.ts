// MCP as other parts of the server see it (decision 0005, "Feature boundaries"; decision 0010).
export { ASSISTANT_TOOL_NAME, type McpAskOptions, type McpAssistant } from './assistant-tool';
export { mcpRoutes, type McpRoutesOptions } from './routes';
export { PROGRESS_EVERY_MS } from './serve-mcp';
