import { AppError } from '@buildai/domain';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
/**
 * Windows-1252's characters for bytes 0x80–0x9f (undefined bytes stay as the C1 code point, as WHATWG decodes them).
 * Written out because Node 20's decoder treats 'windows-1252' as ISO-8859-1 and turns 0x80 into U+0080, not €.
 */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** Windows-1252 (and so ISO-8859-1, which it extends): every byte is a character. */
function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) {
    const codes = Array.from(bytes.subarray(i, i + 8192), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
    );
    out += String.fromCharCode(...codes);
  }
  return out;
}

/**
 * A text upload as text. UTF-8 first (with or without its BOM); UTF-16 by its BOM (Excel's "Unicode text"); else
 * Windows-1252, which Excel writes in Western Europe and which decodes ISO-8859-1 as well: every byte of it is a
 * character, so this is the one guess left once UTF-8 fails. A file with NUL bytes and no UTF-16 BOM is a binary
 * file with a text name.
 */
export function decodeText(bytes: Uint8Array): string {
  const utf16 = utf16Of(bytes);
  if (utf16) return new TextDecoder(utf16).decode(bytes);
  if (bytes.includes(0)) throw new AppError('context/unsupported-type');
  try {
    return utf8.decode(bytes);
  } catch {
    return decodeWindows1252(bytes);
  }
}

/**
 * Bytes in the character set a label names (a page's `charset`): an unknown label reads as UTF-8, and every label of
 * Windows-1252 (latin1, iso-8859-1, us-ascii…) through `decodeWindows1252`, not Node's decoder, which reads them
 * as ISO-8859-1.
 */
export function decodeCharset(bytes: Uint8Array, label: string): string {
  const decoder = textDecoderOf(label) ?? new TextDecoder('utf-8');
  return decoder.encoding === 'windows-1252' ? decodeWindows1252(bytes) : decoder.decode(bytes);
}

function textDecoderOf(label: string) {
  try {
    return new TextDecoder(label);
  } catch {
    return undefined;
  }
}

function utf16Of(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}
