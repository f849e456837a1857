import { and, eq } from 'drizzle-orm';
import { AppError, type AiApp, type saveAppRequest } from '@buildai/domain';
import { checkToolDefinition } from '@buildai/domain';
import { refuseDuringTurn } from './chat-lock';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import type { AppChangeBus } from './app-change-bus';
import { loadOwnedApp, loadTools } from './load-app';
import { requireOwnedApp } from './rights';
import { toAppView, type AppRow } from './view';

export interface WriteToolDefinitionOptions {
  tx: Db;
  app: AppRow;
  toolId: string;
  definition: AiApp;
  isFirstTool: boolean;
}

/**
 * Writes a checked definition to a tool: its title follows the header, and the first tool of a tool app is the
 * app, so the app's header and description follow it too.
 */
export async function writeToolDefinition({
  tx,
  app,
  toolId,
  definition,
  isFirstTool,
}: WriteToolDefinitionOptions) {
  const now = new Date();
  const [tool] = await tx
    .update(tools)
    .set({ definition, title: definition.header.trim(), updatedAt: now })
    .where(and(eq(tools.toolId, toolId), eq(tools.appId, app.appId)))
    .returning();
  await tx
    .update(apps)
    .set(
      app.appType === 'tool' && isFirstTool
        ? { header: definition.header.trim(), description: definition.description, updatedAt: now }
        : { updatedAt: now },
    )
    .where(eq(apps.appId, app.appId));
  return tool!;
}

export interface SaveAppOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  input: z.infer<typeof saveAppRequest>;
}

/**
 * POST /api/apps: saves a tool's definition (the tool named by toolId, else the app's first tool) and,
 * for a generated app, its genApp. The app's header follows its first tool's header for tool apps.
 */
export async function saveApp({ platform, changes, caller, input }: SaveAppOptions) {
  const { rights, app } = await requireOwnedApp(platform, caller, input.appId);
  await refuseDuringTurn(platform.db, app);
  const appTools = await loadTools(platform.db, app.appId);
  let definition: AiApp | undefined;
  let target: (typeof appTools)[number] | undefined;
  if (input.app) {
    target = input.toolId ? appTools.find((t) => t.toolId === input.toolId) : appTools[0];
    if (!target) throw new AppError('tool/not-found');
    definition = checkToolDefinition(input.app, rights);
  }

  await platform.db.transaction(async (tx) => {
    if (definition && target) {
      await writeToolDefinition({
        tx,
        app,
        toolId: target.toolId,
        definition,
        isFirstTool: target.toolId === appTools[0]?.toolId,
      });
    }
    if (input.genApp) {
      const text = (v: unknown, fallback: string, max: number) =>
        typeof v === 'string' ? v.trim().slice(0, max) : fallback;
      const header = text(input.genApp.header, app.header, 200);
      const description = text(input.genApp.description, app.description, 2000);
      await tx
        .update(apps)
        .set({ genApp: input.genApp, header, description, updatedAt: new Date() })
        .where(eq(apps.appId, app.appId));
    }
  });
  await changes.announce(app.appId);

  const saved = await loadOwnedApp(platform.db, rights.account.accountId, app.appId);
  return toAppView(saved, await loadTools(platform.db, app.appId), true);
}
