import { eq } from 'drizzle-orm';
import { toolPathTaken } from '@buildai/domain';
import type { Db } from '../../db/client';
import { apps, tools } from '../../db/schema';

export { checkToolPath } from '@buildai/domain';

/** `base`, or `base-2`, `base-3`… — the first one no tool of the app uses. */
export function freePath(appTools: { toolId: string; path: string }[], base: string): string {
  if (!toolPathTaken(appTools, base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!toolPathTaken(appTools, candidate)) return candidate;
  }
}

/**
 * Locks the app's row for the rest of the transaction, so two changes to its set of tools (adding one, moving a
 * path) are made one after the other and both see the other's result.
 */
export async function lockApp(tx: Db, appId: string): Promise<void> {
  await tx.select({ appId: apps.appId }).from(apps).where(eq(apps.appId, appId)).for('update');
}

/** The app's tools as the path and count rules need them (call after `lockApp`). */
export async function toolPathsOf(tx: Db, appId: string) {
  return tx
    .select({ toolId: tools.toolId, path: tools.path, position: tools.position })
    .from(tools)
    .where(eq(tools.appId, appId));
}
