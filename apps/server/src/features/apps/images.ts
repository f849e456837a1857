// What the image use-cases (upload-tool-image, remove-tool-image, upload-style-image) and tool deletion share.
import { AppError, MAX_IMAGE_BYTES } from '@buildai/domain';
import type { Platform } from '../../platform';
import { keyOfFileUrl, type ImageExt } from '../files';

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
