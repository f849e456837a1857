import { CHAT_IMAGE_TYPES, MAX_CHAT_IMAGE_BYTES, MAX_CHAT_IMAGES } from '@buildai/domain';

/** An image ready to go with a message: the AI SDK's file part, its data in a `data:` URL. */
export interface ChatImage {
  type: 'file';
  mediaType: string;
  url: string;
  filename: string;
}

/** The longest side an image is sent at: what vision models read anyway, and far under the size bound. */
const MAX_SIDE = 1568;

export class ChatImageError extends Error {}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new ChatImageError('The image could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** Draws the image at most MAX_SIDE wide or high, as JPEG (PNG when it may hold transparency). */
async function shrink(file: File): Promise<Blob> {
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new ChatImageError(`${file.name} is not an image this browser can read`);
  });
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new ChatImageError('The image could not be prepared'))),
      type,
      0.85,
    ),
  );
}

/**
 * A file the builder dropped, pasted or picked, as it is sent: an image of the types the chat takes, made small
 * enough (an animated GIF is sent as it is, within the bound).
 */
export async function toChatImage(file: File): Promise<ChatImage> {
  if (!(CHAT_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    throw new ChatImageError(
      `${file.name || 'This file'} is not an image: the chat takes PNG, JPEG, WebP or GIF`,
    );
  }
  let blob: Blob = file;
  if (file.type !== 'image/gif') {
    blob = await shrink(file);
    // a small PNG can grow as it is drawn again: keep whichever is smaller
    if (file.size < blob.size) blob = file;
  }
  if (blob.size > MAX_CHAT_IMAGE_BYTES) {
    throw new ChatImageError(
      `${file.name || 'The image'} is too large: at most ${(MAX_CHAT_IMAGE_BYTES / 1_000_000).toFixed(1)} MB`,
    );
  }
  return {
    type: 'file',
    mediaType: blob.type || file.type,
    url: await readAsDataUrl(blob),
    filename: file.name || 'image',
  };
}

/** How many more images a message may take. */
export function roomFor(current: number): number {
  return Math.max(0, MAX_CHAT_IMAGES - current);
}
