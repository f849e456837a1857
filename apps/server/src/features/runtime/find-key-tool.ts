import { AppError, toolPathNotFoundMessage } from '@buildai/domain';
import type { RunnableTool } from './find-runnable-tool';
import type { PublishedTools } from './published-tools';

export interface FindKeyToolOptions {
  publishedTools: PublishedTools;
  appId: string;
  toolPath: string;
}

/**
 * The tool an API key runs (REST, MCP, and the assistant's tool calls through a key): an active tool of the key's app, whether or not the app is published (decision 0010,
 * "What an API key runs"). A path no active tool of the app has answers 404 with the spec's message.
 */
export async function findKeyTool(options: FindKeyToolOptions): Promise<RunnableTool> {
  const { publishedTools, appId, toolPath } = options;
  const found = await publishedTools.find(appId, toolPath);
  if (!found || found.tool.status !== 'active')
    throw new AppError('tool/path-not-found', { message: toolPathNotFoundMessage(toolPath) });
  return { ...found, isPublic: found.app.isPublished };
}
