import { builderMessages, errorCatalogue, MAX_IMAGE_BYTES } from '@buildai/domain';

/** The image types the server stores (docs/decisions/0003). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** Why this file cannot be uploaded as an image, or null; checked before anything is sent. */
export function imageFileProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type))
    return errorCatalogue['upload/not-image'].message;
  if (file.size >= MAX_IMAGE_BYTES) return builderMessages.imageTooLarge;
  return null;
}
