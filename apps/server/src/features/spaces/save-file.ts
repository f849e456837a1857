import { and, count, eq, sql } from 'drizzle-orm';
import { AppError, MAX_APP_FILES, PLATFORM_TENANT_ID, type AppFile } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appFiles } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadOwnedApp, lockAppFiles, requireBuilderRights, saveAppDocument } from '../apps';
import { checkedFilePath } from './file-path';
import { loadSpaceApp, requireAdmin } from './load-space-app';

export interface SaveFileOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  path: string;
  /** the body's content, read once the caller may save */
  content: () => Promise<string>;
  /** announces a change of a generated app (its tools are cached for the preview and the runtime) */
  changes?: (appId: string) => void;
}

/** PUT /api/apps/{appId}/files/{path}: the code editor's save (admins only). */
export async function saveFile(options: SaveFileOptions) {
  const { platform, caller, appId, path, content } = options;
  if (caller.tenantId === PLATFORM_TENANT_ID) {
    const rights = await requireBuilderRights(platform, caller);
    const app = await loadOwnedApp(platform.db, rights.account.accountId, appId);
    if (app.appType === 'generated') {
      // a generated app's document, through the rules of its panels (decision 0015)
      const text = await content();
      await saveAppDocument(
        { db: platform.db, rights, appId, ownerAccountId: app.ownerAccountId },
        path,
        text,
      );
      options.changes?.(appId);
      return { file: { path, content: text } };
    }
  }
  const access = await loadSpaceApp(platform, caller, appId);
  requireAdmin(access);
  const checked = checkedFilePath(path);
  const file = { path: checked, content: await content() };
  await platform.db.transaction(async (tx) => {
    await lockAppFiles(tx, appId);
    await writeAppFile(tx, appId, file);
  });
  return { file };
}

/** Writes one file, refusing a new one past MAX_APP_FILES; the caller holds the transaction and `lockAppFiles`. */
export async function writeAppFile(db: Db, appId: string, file: AppFile): Promise<void> {
  const [existing] = await db
    .select({ path: appFiles.path })
    .from(appFiles)
    .where(and(eq(appFiles.appId, appId), eq(appFiles.path, file.path)));
  if (!existing) {
    const [row] = await db.select({ n: count() }).from(appFiles).where(eq(appFiles.appId, appId));
    if ((row?.n ?? 0) >= MAX_APP_FILES) throw new AppError('space/too-many-files');
  }
  await db
    .insert(appFiles)
    .values({ appId, path: file.path, content: file.content })
    .onConflictDoUpdate({
      target: [appFiles.appId, appFiles.path],
      set: { content: file.content, updatedAt: sql`now()` },
    });
}
