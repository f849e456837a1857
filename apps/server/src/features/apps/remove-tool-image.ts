import { and, eq } from 'drizzle-orm';
import type { ToolSummary } from '@buildai/domain';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';
import { deleteStoredImage } from './images';
import { loadToolOf } from './load-app';
import { requireOwnedApp } from './rights';
import { toToolSummary } from './view';

export interface RemoveToolImageOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  toolId: string;
}

/** DELETE /api/apps/{appId}/tools/{toolId}/image: the tool goes back to having no photo. */
export async function removeToolImage({
  platform,
  changes,
  caller,
  appId,
  toolId,
}: RemoveToolImageOptions): Promise<{ tool: ToolSummary }> {
  const { app } = await requireOwnedApp(platform, caller, appId);
  const tool = await loadToolOf(platform.db, app.appId, toolId);
  const [updated] = await platform.db
    .update(tools)
    .set({ imageUrl: null, updatedAt: new Date() })
    .where(and(eq(tools.toolId, tool.toolId), eq(tools.appId, app.appId)))
    .returning();
  await changes.announce(app.appId);
  await deleteStoredImage(platform, tool.imageUrl);
  return { tool: toToolSummary(updated!, true) };
}
