import { and, eq } from 'drizzle-orm';
import { AppError, toolPathTaken, type AiApp, type ToolSummary } from '@buildai/domain';
import { checkToolDefinition } from '@buildai/domain';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';
import { loadToolOf, loadTools } from './load-app';
import { requireOwnedApp } from './rights';
import { writeToolDefinition } from './save-app';
import { checkToolPath, lockApp, toolPathsOf } from './tool-paths';
import { toToolSummary } from './view';
import { refuseDuringTurn } from './chat-lock';

async function isFirstTool(platform: Platform, appId: string, toolId: string) {
  return (await loadTools(platform.db, appId))[0]?.toolId === toolId;
}

export interface PutToolDefinitionOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  toolId: string;
  input: AiApp;
}

/** PUT /api/apps/{appId}/tools/{toolId}: the tool's definition, with the same checks as POST /api/apps. */
export async function putToolDefinition({
  platform,
  changes,
  caller,
  appId,
  toolId,
  input,
}: PutToolDefinitionOptions): Promise<{ tool: ToolSummary }> {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  await loadToolOf(platform.db, app.appId, toolId);
  await refuseDuringTurn(platform.db, app);
  const definition = checkToolDefinition(input, rights, '');
  const first = await isFirstTool(platform, app.appId, toolId);
  const saved = await platform.db.transaction((tx) =>
    writeToolDefinition({ tx, app, toolId, definition, isFirstTool: first }),
  );
  await changes.announce(app.appId);
  return { tool: toToolSummary(saved, true) };
}

export interface UpdateToolMetaOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  toolId: string;
  input: { title?: string; path?: string };
}

/** PATCH /api/apps/{appId}/tools/{toolId}: renames the tool (its header follows) and/or moves its path. */
export async function updateToolMeta({
  platform,
  changes,
  caller,
  appId,
  toolId,
  input,
}: UpdateToolMetaOptions): Promise<{ tool: ToolSummary }> {
  const { app } = await requireOwnedApp(platform, caller, appId);
  const tool = await loadToolOf(platform.db, app.appId, toolId);
  const wanted = input.path === undefined ? undefined : checkToolPath(input.path);
  const first = await isFirstTool(platform, app.appId, toolId);

  const saved = await platform.db.transaction(async (tx) => {
    let row = tool;
    if (input.title !== undefined) {
      const header = input.title.trim();
      row = await writeToolDefinition({
        tx,
        app,
        toolId,
        definition: { ...tool.definition, header },
        isFirstTool: first,
      });
    }
    if (wanted !== undefined && wanted !== tool.path) {
      await lockApp(tx, app.appId);
      if (toolPathTaken(await toolPathsOf(tx, app.appId), wanted, toolId))
        throw new AppError('tool/path-taken', { field: 'path' });
      const [moved] = await tx
        .update(tools)
        .set({ path: wanted, updatedAt: new Date() })
        .where(and(eq(tools.toolId, toolId), eq(tools.appId, app.appId)))
        .returning();
      row = moved!;
    }
    return row;
  });
  await changes.announce(app.appId);
  return { tool: toToolSummary(saved, true) };
}
