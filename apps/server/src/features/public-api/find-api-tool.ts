import { AppError, toolPathNotFoundMessage } from '@buildai/domain';
import type { PublishedTools, RunnableTool } from '../runtime';

export interface FindApiToolOptions {
  publishedTools: PublishedTools;
  appId: string;
  toolPath: string;
}

/**
 * The tool an API key runs: an active tool of the key's app, whether or not the app is published (decision 0010,
 * "What an API key runs"). A path no active tool of the app has answers 404 with the spec's message.
 */
export async function findApiTool(options: FindApiToolOptions): Promise<RunnableTool> {
  const { publishedTools, appId, toolPath } = options;
  const found = await publishedTools.find(appId, toolPath);
  if (!found || found.tool.status !== 'active')
    throw new AppError('tool/path-not-found', { message: toolPathNotFoundMessage(toolPath) });
  return { ...found, isPublic: found.app.isPublished };
}
