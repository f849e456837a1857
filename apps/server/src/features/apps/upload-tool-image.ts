import { and, eq } from 'drizzle-orm';
import { newId } from '../../db/ids';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { fileUrl, toolImageKey } from '../files';
import type { AppChangeBus } from './app-change-bus';
import { deleteStoredImage, readImage } from './images';
import { loadToolOf } from './load-app';
import { requireOwnedApp } from './rights';

export interface UploadToolImageOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  toolId: string;
  file: File;
}

/** POST /api/apps/{appId}/tools/{toolId}/image: the tool's photo, replacing the one before. */
export async function uploadToolImage({
  platform,
  changes,
  caller,
  appId,
  toolId,
  file,
}: UploadToolImageOptions): Promise<{ imageUrl: string }> {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  const { accountId } = rights.account;
  const tool = await loadToolOf(platform.db, app.appId, toolId);
  const image = await readImage(file);
  const key = toolImageKey({
    accountId,
    appId: app.appId,
    toolId: tool.toolId,
    id: newId(12),
    ext: image.ext,
  });
  await platform.blobs.put(key, image.bytes, { contentType: image.contentType });
  const imageUrl = fileUrl(key);
  await platform.db
    .update(tools)
    .set({ imageUrl, updatedAt: new Date() })
    .where(and(eq(tools.toolId, tool.toolId), eq(tools.appId, app.appId)));
  await changes.announce(app.appId);
  await deleteStoredImage(platform, tool.imageUrl);
  return { imageUrl };
}
