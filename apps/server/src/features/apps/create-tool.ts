import {
  AppError,
  aiAppSchema,
  builderMessages,
  MAX_TOOLS_PER_APP,
  toolPathTaken,
  type AiApp,
  type CreateToolResponse,
} from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';

import { requireOwnedApp } from './rights';
import { checkToolPath, lockApp, toolPathsOf } from './tool-paths';
import type { AppRow } from './view';

/** Tools are added to generated apps; a tool app is its one tool (spec 001 §3). */
export function requireGeneratedApp(app: AppRow): void {
  if (app.appType !== 'generated') throw new AppError('tool/not-in-generated-app');
}

export interface NewTool {
  /** chosen beforehand when something is stored under the tool's id first */
  toolId?: string;
  title: string;
  definition: AiApp;
  imageUrl?: string | null;
}

export interface InsertToolOptions {
  tx: Db;
  appId: string;
  tool: NewTool;
  path: (appTools: { toolId: string; path: string }[]) => string;
}

/**
 * Inserts a draft tool at the end of the app's list, holding the app's lock so the path and count rules see
 * every other change. `path` picks the path from the app's tools, or throws.
 */
export async function insertTool({ tx, appId, tool, path }: InsertToolOptions): Promise<CreateToolResponse> {
  await lockApp(tx, appId);
  const appTools = await toolPathsOf(tx, appId);
  const chosen = path(appTools);
  if (appTools.length >= MAX_TOOLS_PER_APP) {
    throw new AppError('tool/too-many', { message: builderMessages.maxTools(MAX_TOOLS_PER_APP) });
  }
  const toolId = tool.toolId ?? newId();
  const position = appTools.reduce((max, t) => Math.max(max, t.position + 1), 0);
  await tx.insert(tools).values({
    toolId,
    appId,
    path: chosen,
    title: tool.title,
    definition: tool.definition,
    imageUrl: tool.imageUrl ?? null,
    position,
  });
  return { toolId, path: chosen };
}

export interface CreateToolOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  input: { title: string; path: string };
}

/** POST /api/apps/{appId}/tools: a new draft tool of a generated app; its header starts as its title. */
export async function createTool({
  platform,
  changes,
  caller,
  appId,
  input,
}: CreateToolOptions): Promise<CreateToolResponse> {
  const { app } = await requireOwnedApp(platform, caller, appId);
  requireGeneratedApp(app);
  const wanted = checkToolPath(input.path);
  const title = input.title.trim();
  const created = await platform.db.transaction((tx) =>
    insertTool({
      tx,
      appId: app.appId,
      tool: { title, definition: aiAppSchema.parse({ header: title }) },
      path: (appTools) => {
        if (toolPathTaken(appTools, wanted)) throw new AppError('tool/path-taken', { field: 'path' });
        return wanted;
      },
    }),
  );
  await changes.announce(app.appId);
  return created;
}
