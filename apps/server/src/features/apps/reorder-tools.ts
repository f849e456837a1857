import { and, eq } from 'drizzle-orm';
import { AppError, type ToolSummary } from '@buildai/domain';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';
import { loadTools } from './load-app';
import { requireOwnedApp } from './rights';
import { lockApp, toolPathsOf } from './tool-paths';
import { toToolSummary } from './view';

export interface ReorderToolsOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  toolIds: string[];
}

/** POST /api/apps/{appId}/tools/order: the app's tools in the order given, which must name each exactly once. */
export async function reorderTools({
  platform,
  changes,
  caller,
  appId,
  toolIds,
}: ReorderToolsOptions): Promise<{ tools: ToolSummary[] }> {
  const { app } = await requireOwnedApp(platform, caller, appId);
  await platform.db.transaction(async (tx) => {
    await lockApp(tx, app.appId);
    const current = new Set((await toolPathsOf(tx, app.appId)).map((t) => t.toolId));
    const given = new Set(toolIds);
    if (
      given.size !== toolIds.length ||
      given.size !== current.size ||
      toolIds.some((id) => !current.has(id))
    ) {
      throw new AppError('request/invalid', {
        message: "toolIds: name each of the app's tools exactly once",
        field: 'toolIds',
      });
    }
    const now = new Date();
    for (const [position, toolId] of toolIds.entries()) {
      await tx
        .update(tools)
        .set({ position, updatedAt: now })
        .where(and(eq(tools.toolId, toolId), eq(tools.appId, app.appId)));
    }
  });
  await changes.announce(app.appId);
  return { tools: (await loadTools(platform.db, app.appId)).map((t) => toToolSummary(t, true)) };
}
