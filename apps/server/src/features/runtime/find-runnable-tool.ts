import { AppError } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isOwnerOf } from '../apps';
import { requireMembership } from '../memberships';
import type { PublishedTools, ToolWithApp } from './published-tools';

export interface FindRunnableToolOptions {
  platform: Platform;
  publishedTools: PublishedTools;
  caller: Caller | null;
  appId: string;
  toolPath: string;
}

export interface RunnableTool extends ToolWithApp {
  /** whether the tool is open to everyone (published app, active tool); otherwise the owner is trying it */
  isPublic: boolean;
}

/**
 * The tool a run is for. Anyone runs active tools of published apps; the owner may also try draft tools and
 * unpublished apps. Anything else is not found (the visitor is not told whether it exists). With paid memberships
 * on, a caller who is not a member is refused with 402 `payments/membership-required`.
 */
export async function findRunnableTool(options: FindRunnableToolOptions): Promise<RunnableTool> {
  const { platform, publishedTools, caller, appId, toolPath } = options;
  // This sits on the path to the first token: published tools come from memory.
  const found = await publishedTools.find(appId, toolPath);
  if (!found) throw new AppError(caller ? 'tool/not-found' : 'app/not-found');
  const isPublic = found.app.isPublished && found.tool.status === 'active';
  if (!isPublic && !(await isOwnerOf(platform, caller, found.app))) throw new AppError('tool/not-found');
  // an app with paid memberships runs for its members, its owner and admins only (no query when they are off)
  await requireMembership({ platform, app: found.app, settings: found.settings, caller });
  return { ...found, isPublic };
}
