import { AppError, contextMessages, formatFileLimit, type ContextItemType } from '@buildai/domain';
import { capBodyNow } from '../../http/body-cap';
import { cleanText } from '../../http/clean-json';
import type { Ctx } from '../../http/context';
import { assertCsvHasRows } from './parse/csv';
import { inspectDocx, type DocxLimits } from './parse/docx';
import { decodeText } from './parse/text';
import { stripBom } from './parse';

/** Room for the multipart envelope around a file just under the limit. */
const MULTIPART_ALLOWANCE = 64 * 1024;

export function fileTooBig(maxBytes: number): AppError {
  return new AppError('file-too-big', {
    message: contextMessages.tooBig(formatFileLimit(maxBytes)),
    field: 'file',
  });
}

/**
 * Reads the request body, refusing it as soon as it passes `maxBytes` (plus the multipart envelope): a declared
 * length over it is refused before reading, a streamed body when it gets there.
 */
export async function limitBody(c: Ctx, maxBytes: number): Promise<void> {
  await capBodyNow(c, maxBytes + MULTIPART_ALLOWANCE, () => fileTooBig(maxBytes));
}

/** The `file` part of a multipart upload of at most `maxBytes`. */
export async function readUploadedFile(
  c: Ctx,
  maxBytes: number,
): Promise<{ name: string; bytes: Uint8Array }> {
  await limitBody(c, maxBytes);
  let body: Record<string, unknown>;
  try {
    body = await c.req.parseBody();
  } catch {
    throw new AppError('context/no-file', { field: 'file' });
  }
  const file = body.file;
  if (!(file instanceof File) || file.size === 0) throw new AppError('context/no-file', { field: 'file' });
  if (file.size > maxBytes) throw fileTooBig(maxBytes);
  return { name: cleanName(file.name), bytes: new Uint8Array(await file.arrayBuffer()) };
}

/** The base name of an upload, without any folder or NUL, trimmed to what an item name holds. */
export function cleanName(name: string): string {
  const base = cleanText(name).split(/[\\/]/).pop()?.trim() ?? '';
  return (base || 'file').slice(0, 200);
}

export interface UploadKind {
  type: ContextItemType;
  mimeType: string;
  ext: string;
}

const startsWith = (bytes: Uint8Array, sig: number[]) => sig.every((b, i) => bytes[i] === b);
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\x03\x04
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]; // legacy Word (.doc)

const latin1 = new TextDecoder('latin1');
/** Where pdf.js looks for the header (it skips what comes before it), and the marks of a PDF's body. */
const PDF_HEADER_WINDOW = 1024;
const PDF_BODY = /\d+\s+\d+\s+obj\b/;

/**
 * A PDF, even a damaged one that pdf.js and poppler still read: the header within the first kilobyte (junk before
 * it, as some mail and scan software writes), or no header but the objects of a PDF's body. Whether it really
 * reads is the parser's to say (`context/damaged-file` when not).
 */
function looksLikePdf(bytes: Uint8Array): boolean {
  if (startsWith(bytes, PDF)) return true;
  const head = latin1.decode(bytes.subarray(0, PDF_HEADER_WINDOW));
  return head.includes('%PDF-') || PDF_BODY.test(head);
}

/** An OLE compound file with an `EncryptedPackage` stream: Office's encrypted OOXML (its name in UTF-16LE). */
function holdsEncryptedPackage(bytes: Uint8Array): boolean {
  const name = Buffer.from('EncryptedPackage', 'utf16le');
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(name);
}

/**
 * What an upload is, by its extension and its first bytes together; the declared type is not trusted. A CSV must
 * have headers and rows, a DOCX must pass the zip checks: refused here, so the builder hears of it at once.
 */
export async function checkUpload(name: string, bytes: Uint8Array, docx?: DocxLimits): Promise<UploadKind> {
  const ext = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase() ?? '';
  switch (ext) {
    case 'csv':
      assertCsvHasRows(stripBom(decodeText(bytes)));
      return { type: 'csv', mimeType: 'text/csv', ext };
    case 'txt':
    case 'md':
      decodeText(bytes);
      return { type: 'txt', mimeType: ext === 'md' ? 'text/markdown' : 'text/plain', ext };
    case 'pdf':
      if (!looksLikePdf(bytes)) break;
      return { type: 'pdf', mimeType: 'application/pdf', ext };
    case 'doc':
    case 'docx':
      // Word keeps a password-protected DOCX in an OLE container, as it kept the legacy binary .doc
      if (startsWith(bytes, OLE) && holdsEncryptedPackage(bytes))
        throw new AppError('context/password-protected', { field: 'file' });
      // a legacy binary .doc cannot be read; a .doc that is really a DOCX can
      if (startsWith(bytes, OLE) || !startsWith(bytes, ZIP)) break;
      await inspectDocx(bytes, docx);
      return {
        type: 'doc',
        mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        ext: 'docx',
      };
  }
  throw new AppError('context/unsupported-type', { field: 'file' });
}
