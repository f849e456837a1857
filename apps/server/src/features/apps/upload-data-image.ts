import { newId } from '../../db/ids';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { dataImageKey, fileUrl } from '../files';
import { readImage } from './images';
import { requireOwnedApp } from './rights';

export interface UploadDataImageOptions {
  platform: Platform;
  caller: Caller;
  appId: string;
  file: File;
}

/**
 * POST /api/apps/{appId}/images?kind=data: stores an image for an image cell of the app database (the owner's
 * database screen) and answers its URL, which the table then saves into the record. The same checks as every
 * uploaded image: under 10,000,000 bytes ('File size to large'), a PNG, JPEG, GIF or WebP by its first bytes.
 */
export async function uploadDataImage({
  platform,
  caller,
  appId,
  file,
}: UploadDataImageOptions): Promise<{ url: string; file_url: string }> {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  const image = await readImage(file);
  const key = dataImageKey({
    accountId: rights.account.accountId,
    appId: app.appId,
    id: newId(12),
    ext: image.ext,
  });
  await platform.blobs.put(key, image.bytes, { contentType: image.contentType });
  const url = fileUrl(key);
  return { url, file_url: url };
}
