import { and, eq } from 'drizzle-orm';
import { AppError, MAX_IMAGE_BYTES, type StyleImageKind, type ToolSummary } from '@buildai/domain';
import { newId } from '../../db/ids';
import { tools } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { fileUrl, keyOfFileUrl, styleImageKey, toolImageKey, type ImageExt } from '../files';
import type { AppChangeBus } from './app-change-bus';
import { loadOwnedApp, loadToolOf } from './load-app';
import { requireBuilderRights } from './rights';
import { toToolSummary } from './view';

export interface Image {
  bytes: Uint8Array;
  contentType: string;
  ext: ImageExt;
}

/** The image format named by the file's first bytes; the name and the declared type are not trusted. */
export function sniffImage(bytes: Uint8Array): Omit<Image, 'bytes'> | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', ext: 'png' };
  if (starts([0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (starts([0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61)
    return { contentType: 'image/gif', ext: 'gif' };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { contentType: 'image/webp', ext: 'webp' };
  return null;
}

/** An uploaded file as an image: under 10,000,000 bytes and a PNG, JPEG, GIF or WebP. */
export async function readImage(file: File): Promise<Image> {
  if (file.size >= MAX_IMAGE_BYTES) throw new AppError('upload/too-large', { field: 'file' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const kind = sniffImage(bytes);
  if (!kind) throw new AppError('upload/not-image', { field: 'file' });
  return { bytes, ...kind };
}

/** Removes an image this server stored; other URLs (and failures) are left alone. */
export async function deleteStoredImage(platform: Platform, url: string | null | undefined) {
  const key = keyOfFileUrl(url);
  if (!key) return;
  try {
    await platform.blobs.delete(key);
  } catch (err) {
    platform.logger.warn({ err, key }, 'could not delete a replaced image');
  }
}

/** POST /api/apps/{appId}/tools/{toolId}/image: the tool's photo, replacing the one before. */
export async function uploadToolImage(
  platform: Platform,
  changes: AppChangeBus,
  caller: Caller,
  appId: string,
  toolId: string,
  file: File,
): Promise<{ imageUrl: string }> {
  const rights = await requireBuilderRights(platform, caller);
  const { accountId } = rights.account;
  const app = await loadOwnedApp(platform.db, accountId, appId);
  const tool = await loadToolOf(platform.db, app.appId, toolId);
  const image = await readImage(file);
  const key = toolImageKey(accountId, app.appId, tool.toolId, newId(12), image.ext);
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

/** DELETE /api/apps/{appId}/tools/{toolId}/image: the tool goes back to having no photo. */
export async function removeToolImage(
  platform: Platform,
  changes: AppChangeBus,
  caller: Caller,
  appId: string,
  toolId: string,
): Promise<{ tool: ToolSummary }> {
  const rights = await requireBuilderRights(platform, caller);
  const app = await loadOwnedApp(platform.db, rights.account.accountId, appId);
  const tool = await loadToolOf(platform.db, app.appId, toolId);
  const [updated] = await platform.db
    .update(tools)
    .set({ imageUrl: null, updatedAt: new Date() })
    .where(and(eq(tools.toolId, tool.toolId), eq(tools.appId, app.appId)))
    .returning();
  await changes.announce(app.appId);
  await deleteStoredImage(platform, tool.imageUrl);
  return { tool: toToolSummary(updated!, true) };
}

/**
 * POST /api/apps/{appId}/images?kind=logo|background: stores a branding image and answers its URL, which the
 * editor then saves into the app style.
 */
export async function uploadStyleImage(
  platform: Platform,
  changes: AppChangeBus,
  caller: Caller,
  appId: string,
  kind: StyleImageKind,
  file: File,
): Promise<{ url: string }> {
  const rights = await requireBuilderRights(platform, caller);
  const { accountId } = rights.account;
  const app = await loadOwnedApp(platform.db, accountId, appId);
  const image = await readImage(file);
  const key = styleImageKey(accountId, app.appId, kind, newId(12), image.ext);
  await platform.blobs.put(key, image.bytes, { contentType: image.contentType });
  await changes.announce(app.appId);
  return { url: fileUrl(key) };
}
