import { AppError } from '@buildai/domain';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** A text upload: valid UTF-8 without NUL bytes (anything else is a binary file with a text name). */
export function decodeText(bytes: Uint8Array): string {
  if (bytes.includes(0)) throw new AppError('context/unsupported-type');
  try {
    return utf8.decode(bytes);
  } catch {
    throw new AppError('context/unsupported-type');
  }
}
