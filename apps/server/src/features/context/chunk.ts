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
 * A table in pieces that each start with the header line and hold whole rows, up to `size` characters. A row too
 * long for a piece with its header is cut into several, each after the header, so every part of it fits the prompt
 * and can be found (a row of 50,000 characters was one chunk no run could use).
 */
export function chunkTable(header: string, rows: readonly string[], size = CHUNK_SIZE): string[] {
  const chunker = new TableChunker(header, size);
  const chunks: string[] = [];
  for (const row of rows) chunks.push(...chunker.push(row));
  const last = chunker.end();
  if (last !== undefined) chunks.push(last);
  return chunks;
}

/** Characters of a row a piece holds at least, however long the header. */
const MIN_ROW_ROOM = 200;
const isRowCut = (ch: string | undefined) => ch === ',' || ch === ';' || isSpace(ch);

/**
 * A long row in parts of at most `room` characters that put together give the row back: each cut after a cell's
 * comma (or a space) in the second half of a part where there is one, never inside a surrogate pair.
 */
export function splitRow(row: string, room: number): string[] {
  const parts: string[] = [];
  let start = 0;
  while (row.length - start > room) {
    let end = start + room;
    let cut = end;
    while (cut > start + room / 2 && !isRowCut(row[cut - 1])) cut--;
    if (cut > start + room / 2) end = cut;
    else if (isHighSurrogate(row.charCodeAt(end - 1))) end -= 1;
    parts.push(row.slice(start, end));
    start = end;
  }
  parts.push(row.slice(start));
  return parts;
}

/** `chunkTable` a row at a time. */
export class TableChunker {
  private current: string[] = [];
  private length: number;

  constructor(
    private readonly header: string,
    private readonly size = CHUNK_SIZE,
  ) {
    this.length = header.length;
  }

  /** Adds a row: answers the pieces it completes, in order (none, the one being filled, or a long row's parts). */
  push(row: string): string[] {
    const room = Math.max(MIN_ROW_ROOM, this.size - this.header.length - 1);
    if (row.length <= room) return this.add(row);
    const done = this.end();
    const parts = splitRow(row, room).map((part) => `${this.header}\n${part}`);
    return done === undefined ? parts : [done, ...parts];
  }

  private add(row: string): string[] {
    const added = row.length + 1;
    let done: string | undefined;
    if (this.current.length > 0 && this.length + added > this.size) done = this.end();
    this.current.push(row);
    this.length += added;
    return done === undefined ? [] : [done];
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
    yield* chunker.push(line);
  }
  const last = chunker?.end();
  if (last !== undefined) yield last;
}

function* inBatches(chunks: string[], size: number, chars: number) {
  for (let i = 0; i < chunks.length; i += size) yield { chunks: chunks.slice(i, i + size), chars };
  if (chunks.length === 0) yield { chunks, chars };
}
