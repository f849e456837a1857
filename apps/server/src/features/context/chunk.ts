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
  const chunker = new ProseChunker(size, overlap);
  return [...chunker.push(text), ...chunker.end()];
}

/**
 * `chunkProse` for text that arrives in parts (a PDF page by page): `push` answers the pieces that the text so far
 * settles, `end` the rest. However the text is split, the pieces are those of `chunkProse` on the whole of it: a
 * piece is only cut once the text reaches past its longest possible end.
 */
export class ProseChunker {
  private text = '';
  private start = 0;
  private started = false;

  constructor(
    private readonly size = CHUNK_SIZE,
    private readonly overlap = CHUNK_OVERLAP,
  ) {}

  push(part: string): string[] {
    this.text += part;
    return this.cut(false);
  }

  end(): string[] {
    return this.cut(true);
  }

  private cut(final: boolean): string[] {
    const { size, overlap } = this;
    const text = this.text;
    const n = text.length;
    const chunks: string[] = [];
    let start = this.start;
    if (!this.started) {
      while (start < n && isSpace(text[start])) start++;
      this.started = start < n;
    }
    // until the end, a piece needs the character after its longest end, to know where it may be cut
    while (this.started && start < n && (final || start + size < n)) {
      let end = Math.min(start + size, n);
      if (end < n) {
        let cut = end;
        while (cut > start + size / 2 && !isSpace(text[cut])) cut--;
        if (cut > start + size / 2) end = cut;
        else if (isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
      }
      const piece = text.slice(start, end).trim();
      if (piece) chunks.push(piece);
      if (end >= n) {
        start = n;
        break;
      }
      let next = Math.max(end - overlap, start + 1);
      // start the next piece at a word: after the first whitespace at or past `next`, if there is one before `end`
      let w = next;
      while (w < end && !isSpace(text[w])) w++;
      if (w < end) next = w;
      while (next < end && isSpace(text[next])) next++;
      if (isHighSurrogate(text.charCodeAt(next - 1)) && next < n) next += 1;
      start = next;
    }
    // keep only what later pieces can still need
    this.text = text.slice(start);
    this.start = 0;
    return chunks;
  }
}

/**
 * A table in pieces that each start with the header line and hold whole rows, up to `size` characters; a row too
 * long for that is a piece of its own. Rows are never split.
 */
export function chunkTable(header: string, rows: readonly string[], size = CHUNK_SIZE): string[] {
  const chunker = new TableChunker(header, size);
  const chunks: string[] = [];
  for (const row of rows) {
    const chunk = chunker.push(row);
    if (chunk !== undefined) chunks.push(chunk);
  }
  const last = chunker.end();
  if (last !== undefined) chunks.push(last);
  return chunks;
}

/** `chunkTable` a row at a time: `push` answers a piece when the row does not fit the one being filled. */
export class TableChunker {
  private current: string[] = [];
  private length: number;

  constructor(
    private readonly header: string,
    private readonly size = CHUNK_SIZE,
  ) {
    this.length = header.length;
  }

  push(row: string): string | undefined {
    const added = row.length + 1;
    let done: string | undefined;
    if (this.current.length > 0 && this.length + added > this.size) done = this.end();
    this.current.push(row);
    this.length += added;
    return done;
  }

  end(): string | undefined {
    if (this.current.length === 0) return undefined;
    const chunk = [this.header, ...this.current].join('\n');
    this.current = [];
    this.length = this.header.length;
    return chunk;
  }
}

export function chunkExtracted(extracted: Extract<ExtractedText, { kind: 'prose' | 'table' }>): string[] {
  return extracted.kind === 'table'
    ? chunkTable(extracted.header, extracted.rows)
    : chunkProse(extracted.text);
}

/** The characters counted against the monthly data processing limit, where they are known before reading. */
export function extractedChars(extracted: ExtractedText): number | undefined {
  if (extracted.kind === 'prose-parts' || extracted.kind === 'table-lines') return undefined;
  if (extracted.kind === 'prose') return extracted.text.length;
  return extracted.rows.reduce((sum, row) => sum + row.length + 1, extracted.header.length);
}

/**
 * The chunks of extracted text in batches of `size`, as its text arrives, each with the characters read so far
 * (those counted against the monthly limit); the last batch, which may hold no chunks, has them all. Prose that
 * arrives in parts is cut as `chunkProse` cuts the whole.
 */
export async function* chunkBatches(
  extracted: ExtractedText,
  size: number,
): AsyncGenerator<{ chunks: string[]; chars: number }> {
  if (extracted.kind === 'prose' || extracted.kind === 'table') {
    const chunks = chunkExtracted(extracted);
    const chars = extractedChars(extracted) ?? 0;
    yield* inBatches(chunks, size, chars);
    return;
  }
  const read = { chars: 0 };
  const chunks =
    extracted.kind === 'table-lines'
      ? tableChunks(extracted.lines, read)
      : proseChunks(extracted.parts, read);
  let pending: string[] = [];
  // one part may settle tens of thousands of pieces (a DOCX arrives whole): they are batched one by one
  for await (const chunk of chunks) {
    pending.push(chunk);
    if (pending.length >= size) {
      yield { chunks: pending, chars: read.chars };
      pending = [];
    }
  }
  yield* inBatches(pending, size, read.chars);
}

/** The pieces of prose read in parts, counting its characters in `read`. */
async function* proseChunks(parts: AsyncIterable<string>, read: { chars: number }): AsyncGenerator<string> {
  const chunker = new ProseChunker();
  for await (const part of parts) {
    read.chars += part.length;
    yield* chunker.push(part);
  }
  yield* chunker.end();
}

/**
 * The pieces of a table read a line at a time (the header first), counting its characters in `read` as
 * `extractedChars` counts a table.
 */
async function* tableChunks(lines: AsyncIterable<string>, read: { chars: number }): AsyncGenerator<string> {
  let chunker: TableChunker | undefined;
  for await (const line of lines) {
    if (!chunker) {
      chunker = new TableChunker(line);
      read.chars = line.length;
      continue;
    }
    read.chars += line.length + 1;
    const chunk = chunker.push(line);
    if (chunk !== undefined) yield chunk;
  }
  const last = chunker?.end();
  if (last !== undefined) yield last;
}

function* inBatches(chunks: string[], size: number, chars: number) {
  for (let i = 0; i < chunks.length; i += size) yield { chunks: chunks.slice(i, i + size), chars };
  if (chunks.length === 0) yield { chunks, chars };
}
