import JSZip from 'jszip';
import { AppError } from '@buildai/domain';

export interface DocxLimits {
  /** Sum of the entries' declared uncompressed sizes (default 50 MB). */
  maxUncompressedBytes?: number;
  /** Uncompressed / compressed, over the whole archive (default 100). */
  maxRatio?: number;
}

export const DOCX_MAX_UNCOMPRESSED = 50 * 1024 * 1024;
export const DOCX_MAX_RATIO = 100;

interface EntrySizes {
  _data?: { compressedSize?: number; uncompressedSize?: number };
}

const EXTERNAL_RELATIONSHIP = /<Relationship\b[^>]*\bTargetMode\s*=\s*["']External["'][^>]*>/gi;
const TARGET = /\bTarget\s*=\s*("[^"]*"|'[^']*')/i;

/**
 * Opens a DOCX safely: only the zip's directory is read to check the declared sizes (a zip bomb is refused before
 * anything is inflated), and every relationship that points outside the document (an external image, an attached
 * template) has its target blanked, so no reader can be led to a file or an address elsewhere. Answers the bytes
 * to parse: the same ones, or a rewritten copy when something was neutralised.
 */
export async function inspectDocx(bytes: Uint8Array, limits: DocxLimits = {}): Promise<Uint8Array> {
  const maxTotal = limits.maxUncompressedBytes ?? DOCX_MAX_UNCOMPRESSED;
  const maxRatio = limits.maxRatio ?? DOCX_MAX_RATIO;
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  } catch {
    // it starts as a zip (checked on upload) but its directory cannot be read: cut short or damaged
    throw new AppError('context/damaged-file');
  }
  let uncompressed = 0;
  let compressed = 0;
  const entries = Object.values(zip.files).filter((f) => !f.dir);
  for (const entry of entries) {
    const sizes = (entry as unknown as EntrySizes)._data;
    uncompressed += sizes?.uncompressedSize ?? 0;
    compressed += sizes?.compressedSize ?? 0;
  }
  if (uncompressed > maxTotal || uncompressed > maxRatio * Math.max(compressed, 1)) {
    throw new AppError('context/unsafe-document');
  }
  if (!zip.file('word/document.xml')) throw new AppError('context/unsupported-type');
  let changed = false;
  for (const entry of entries) {
    if (!entry.name.endsWith('.rels')) continue;
    const xml = await entry.async('string');
    const safe = neutraliseRelationships(xml);
    if (safe !== xml) {
      zip.file(entry.name, safe);
      changed = true;
    }
  }
  if (!changed) return bytes;
  return zip.generateAsync({ type: 'uint8array', compression: 'STORE' });
}

/** Relationships that leave the document keep their id (references to them still resolve) but lose their target. */
export function neutraliseRelationships(xml: string): string {
  return xml.replace(EXTERNAL_RELATIONSHIP, (tag) => tag.replace(TARGET, 'Target="about:blank"'));
}
