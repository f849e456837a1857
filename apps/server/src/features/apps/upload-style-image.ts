import type { StyleImageKind } from '@buildai/domain';
import { newId } from '../../db/ids';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { fileUrl, styleImageKey } from '../files';
import type { AppChangeBus } from './app-change-bus';
import { readImage } from './images';

import { requireOwnedApp } from './rights';

export interface UploadStyleImageOptions {
  platform: Platform;
  changes: AppChangeBus;
  caller: Caller;
  appId: string;
  kind: StyleImageKind;
  file: File;
}

/**
 * POST /api/apps/{appId}/images?kind=logo|background: stores a branding image and answers its URL, which the
 * editor then saves into the app style.
 */
export async function uploadStyleImage({
  platform,
  changes,
  caller,
  appId,
  kind,
  file,
}: UploadStyleImageOptions): Promise<{ url: string }> {
  const { rights, app } = await requireOwnedApp(platform, caller, appId);
  const { accountId } = rights.account;
  const image = await readImage(file);
  const key = styleImageKey({ accountId, appId: app.appId, kind, id: newId(12), ext: image.ext });
  await platform.blobs.put(key, image.bytes, { contentType: image.contentType });
  await changes.announce(app.appId);
  return { url: fileUrl(key) };
}
