import { and, eq } from 'drizzle-orm';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { deleteStoredImage } from './images';
import type { AppChangeBus } from './app-change-bus';
import { loadToolOf } from './load-app';
import { requireOwnedApp } from './rights';

export interface DeleteToolOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  toolId: string;
}

/** DELETE /api/apps/{appId}/tools/{toolId}: the tool, its runs (by cascade) and its photo. */
export async function deleteTool({ platform, changes, caller, appId, toolId }: DeleteToolOptions) {
  const { app } = await requireOwnedApp(platform, caller, appId);
  const tool = await loadToolOf(platform.db, app.appId, toolId);
  await platform.db.delete(tools).where(and(eq(tools.toolId, toolId), eq(tools.appId, app.appId)));
  await changes.announce(app.appId);
  await deleteStoredImage(platform, tool.imageUrl);
}
