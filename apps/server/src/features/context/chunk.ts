import { CHUNK_OVERLAP, CHUNK_SIZE } from '@buildai/domain';
import type { ExtractedText } from './pipeline';

const isSpace = (ch: string | undefined) => ch !== undefined && /\s/.test(ch);
const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/**
 * Prose in pieces of at most `size` characters, each starting `overlap` characters (give or take a word) before
 * the previous one ended. Cuts fall on whitespace where the text has any in the second half of a piece, never
 * inside a surrogate pair.
 */
export function chunkProse(text: string, size = CHUNK_SIZE, overlap = CHUNK_OVERLAP): string[] {
  const chunks: string[] = [];
  const n = text.length;
  let start = 0;
  while (start < n && isSpace(text[start])) start++;
  while (start < n) {
    let end = Math.min(start + size, n);
    if (end < n) {
      let cut = end;
      while (cut > start + size / 2 && !isSpace(text[cut])) cut--;
      if (cut > start + size / 2) end = cut;
      else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    }
    const piece = text.slice(start, end).trim();
    if (piece) chunks.push(piece);
    if (end >= n) break;
    let next = Math.max(end - overlap, start + 1);
    // start the next piece at a word: after the first whitespace at or past `next`, if there is one before `end`
    let w = next;
    while (w < end && !isSpace(text[w])) w++;
    if (w < end) next = w;
    while (next < end && isSpace(text[next])) next++;
    if (isHighSurrogate(text.charCodeAt(next - 1)) && next < n) next += 1;
    start = next;
  }
  return chunks;
}

/**
 * A table in pieces that each start with the header line and hold whole rows, up to `size` characters; a row too
 * long for that is a piece of its own. Rows are never split.
 */
export function chunkTable(header: string, rows: readonly string[], size = CHUNK_SIZE): string[] {
  const chunks: string[] = [];
  let current: string[] = [];
  let length = header.length;
  for (const row of rows) {
    const added = row.length + 1;
    if (current.length > 0 && length + added > size) {
      chunks.push([header, ...current].join('\n'));
      current = [];
      length = header.length;
    }
    current.push(row);
    length += added;
  }
  if (current.length > 0) chunks.push([header, ...current].join('\n'));
  return chunks;
}

export function chunkExtracted(extracted: ExtractedText): string[] {
  return extracted.kind === 'table'
    ? chunkTable(extracted.header, extracted.rows)
    : chunkProse(extracted.text);
}

/** The characters counted against the monthly data processing limit. */
export function extractedChars(extracted: ExtractedText): number {
  if (extracted.kind === 'prose') return extracted.text.length;
  return extracted.rows.reduce((sum, row) => sum + row.length + 1, extracted.header.length);
}
