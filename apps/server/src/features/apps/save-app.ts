import { and, eq } from 'drizzle-orm';
import { AppError, type AiApp, type saveAppRequest } from '@buildai/domain';
import type { z } from 'zod';
import { apps, tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { announceAppChange, loadOwnedApp, loadTools, requireBuilder } from './load-app';
import { toAppView } from './view';

const RESERVED_FIELD_NAMES = new Set(['input']);

/** The field rules the editor shows, enforced here with the same messages (spec 000 §5, spec 001 §5). */
function checkFields(definition: AiApp): void {
  const labels = new Set<string>();
  const names = new Set<string>();
  definition.fields.forEach((field, i) => {
    if (RESERVED_FIELD_NAMES.has(field.name.toLowerCase())) {
      throw new AppError('field/reserved-name', { field: `app.fields.${i}.name` });
    }
    const label = field.label.trim().toLowerCase();
    const name = field.name.toLowerCase();
    if ((label && labels.has(label)) || names.has(name)) {
      throw new AppError('field/already-exists', { field: `app.fields.${i}.label` });
    }
    labels.add(label);
    names.add(name);
  });
}

/**
 * POST /api/apps: saves a tool's definition (the tool named by toolId, else the app's first tool) and,
 * for a generated app, its genApp. The app's header follows its first tool's header for tool apps.
 */
export async function saveApp(platform: Platform, caller: Caller, input: z.infer<typeof saveAppRequest>) {
  const account = await requireBuilder(platform, caller);
  const app = await loadOwnedApp(platform.db, account.accountId, input.appId);
  const appTools = await loadTools(platform.db, app.appId);
  const now = new Date();

  await platform.db.transaction(async (tx) => {
    if (input.app) {
      const target = input.toolId ? appTools.find((t) => t.toolId === input.toolId) : appTools[0];
      if (!target) throw new AppError('tool/not-found');
      checkFields(input.app);
      await tx
        .update(tools)
        .set({ definition: input.app, title: input.app.header.trim(), updatedAt: now })
        .where(and(eq(tools.toolId, target.toolId), eq(tools.appId, app.appId)));
      const isFirst = target.toolId === appTools[0]?.toolId;
      await tx
        .update(apps)
        .set(
          app.appType === 'tool' && isFirst
            ? { header: input.app.header.trim(), description: input.app.description, updatedAt: now }
            : { updatedAt: now },
        )
        .where(eq(apps.appId, app.appId));
    }
    if (input.genApp) {
      const header = typeof input.genApp.header === 'string' ? input.genApp.header : app.header;
      await tx
        .update(apps)
        .set({ genApp: input.genApp, header, updatedAt: now })
        .where(eq(apps.appId, app.appId));
    }
  });
  await announceAppChange(platform, app.appId);

  const saved = await loadOwnedApp(platform.db, account.accountId, app.appId);
  return toAppView(saved, await loadTools(platform.db, app.appId), true);
}
