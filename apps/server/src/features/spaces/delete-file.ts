import { and, eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { appFiles } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { lockAppFiles } from '../apps';
import { checkedFilePath } from './file-path';
import { loadSpaceApp, requireAdmin } from './load-space-app';

export interface DeleteFileOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  path: string;
}

/** DELETE /api/apps/{appId}/files/{path} (admins only). */
export async function deleteFile({ platform, caller, appId, path }: DeleteFileOptions) {
  const access = await loadSpaceApp(platform, caller, appId);
  requireAdmin(access);
  const checked = checkedFilePath(path);
  const deleted = await platform.db.transaction(async (tx) => {
    await lockAppFiles(tx, appId);
    return tx
      .delete(appFiles)
      .where(and(eq(appFiles.appId, appId), eq(appFiles.path, checked)))
      .returning({ path: appFiles.path });
  });
  if (deleted.length === 0) throw new AppError('space/file-not-found');
  return { ok: true as const };
}
