import {
  AppError,
  CHAT_IMAGE_TYPES,
  MAX_CHAT_IMAGE_BYTES,
  MAX_CHAT_IMAGES,
  type ChatFilePart,
  type ChatRequest,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import type { Platform } from '../../platform';
import { sniffImage } from '../apps';
import { chatImageKey, fileUrl } from '../files';

/** An image of a chat message, checked: its bytes and the type its first bytes name. */
export interface ChatImage {
  bytes: Uint8Array;
  mediaType: string;
  ext: 'png' | 'jpg' | 'gif' | 'webp';
  filename?: string;
}

/** The part a stored message keeps of an image: the AI SDK's file part, pointing at the stored copy. */
export type StoredFilePart = {
  type: 'file';
  mediaType: string;
  url: string;
  filename?: string;
};

const invalid = (message: string) => new AppError('request/invalid', { message, field: 'message.parts' });

const TYPES_TEXT = 'PNG, JPEG, WebP or GIF';

/** `data:image/png;base64,…` → its type and base64; anything else is not an image a message can carry. */
function fromDataUrl(url: string): { type: string; data: string } | null {
  const match = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=\s]*)$/i.exec(url);
  return match ? { type: match[1]!.toLowerCase(), data: match[2]! } : null;
}

function decode(declared: string | undefined, data: string, filename: string | undefined): ChatImage {
  if (!declared || !(CHAT_IMAGE_TYPES as readonly string[]).includes(declared.toLowerCase())) {
    throw invalid(`A chat message may carry images only (${TYPES_TEXT})`);
  }
  const bytes = new Uint8Array(Buffer.from(data, 'base64'));
  if (bytes.length === 0) throw invalid('An image of the message is empty');
  if (bytes.length > MAX_CHAT_IMAGE_BYTES) {
    throw invalid(`An image may be at most ${(MAX_CHAT_IMAGE_BYTES / 1_000_000).toFixed(1)} MB`);
  }
  const kind = sniffImage(bytes);
  if (!kind) throw invalid(`An image of the message is not a ${TYPES_TEXT} image`);
  return { bytes, mediaType: kind.contentType, ext: kind.ext, ...(filename ? { filename } : {}) };
}

function fromPart(part: ChatFilePart): ChatImage {
  if (part.data !== undefined)
    return decode(part.mimeType ?? part.mediaType, part.data, part.filename ?? part.name);
  const url = part.url ? fromDataUrl(part.url) : null;
  if (!url) throw invalid('An image must be sent in the message (base64 data or a data: URL)');
  return decode(part.mediaType ?? part.mimeType ?? url.type, url.data, part.filename ?? part.name);
}

/** The images a message carries, in its file parts and its attachments (spec 001 §3), checked. */
export function readChatImages(message: ChatRequest['message']): ChatImage[] {
  const images = message.parts.flatMap((part) => (part.type === 'file' ? [fromPart(part)] : []));
  for (const attachment of message.experimental_attachments ?? []) {
    const url = fromDataUrl(attachment.url);
    if (!url) throw invalid('An attachment must be sent in the message as a data: URL');
    images.push(decode(attachment.contentType ?? url.type, url.data, attachment.name));
  }
  if (images.length > MAX_CHAT_IMAGES) throw invalid(`A message may carry at most ${MAX_CHAT_IMAGES} images`);
  return images;
}

/** Stores a message's images (public by their unguessable key, as the app's other images) for its history. */
export async function storeChatImages(
  platform: Platform,
  owner: { accountId: string; appId: string },
  images: ChatImage[],
): Promise<StoredFilePart[]> {
  return Promise.all(
    images.map(async (image) => {
      const key = chatImageKey({
        accountId: owner.accountId,
        appId: owner.appId,
        id: newId(12),
        ext: image.ext,
      });
      await platform.blobs.put(key, image.bytes, { contentType: image.mediaType });
      return {
        type: 'file' as const,
        mediaType: image.mediaType,
        url: fileUrl(key),
        ...(image.filename ? { filename: image.filename } : {}),
      };
    }),
  );
}

/**
 * Whether a model reads images: what the model list says, else what its name says of the families that do or do
 * not; null when nothing is known (the image is sent, and a provider that refuses it says so in the turn's error).
 */
export function modelReadsImages(modelId: string, listed?: readonly string[]): boolean | null {
  if (listed) return listed.includes('image');
  const id = modelId.toLowerCase();
  if (
    /gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-4-vision|gpt-5|o3(?!-mini)|o4|claude-(3|sonnet|opus|haiku)|claude-.*-4|gemini|llava|vision|-vl|pixtral|gemma-?3|llama-?4|minicpm-v|moondream/.test(
      id,
    )
  ) {
    return true;
  }
  if (
    /gpt-3\.5|o1-mini|o3-mini|deepseek|codellama|llama-?2|llama-?3(?!\.2-vision)|mistral-7b|mixtral|phi-?3|qwen2\.5(?!-vl)|qwq/.test(
      id,
    )
  ) {
    return false;
  }
  return null;
}
