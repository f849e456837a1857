import { detect } from 'jschardet';
import Papa from 'papaparse';
import { CSV_PREVIEW_ROWS, databaseTexts } from '@buildai/domain';

/** A CSV file read for the import: unique headers, then the data rows with their row numbers in the file. */
export interface ParsedCsv {
  fileName: string;
  headers: string[];
  /**
   * Every data row, cut or padded to the headers. Made on first use: until then a file's cells are kept as its
   * lines and the places of their delimiters, so a file of thousands of columns reaches the mapping step without
   * millions of strings (read them with `cell`, `rowCount` and `csvPreviewRows`).
   */
  readonly rows: string[][];
  /** how many data rows there are */
  rowCount: number;
  /** one cell of a data row, '' past the row's end */
  cell: (row: number, column: number) => string;
  /** the first 5 data rows (the samples of the mapping step and the mapping's preview) */
  preview: string[][];
  /** each row's number as a spreadsheet shows it (the header row is 1; blank lines keep their numbers) */
  rowNumbers: number[];
  /** the delimiter the rows were split by, and whether it was told from the file (else the builder chooses) */
  delimiter: CsvDelimiter;
  delimiterDetected: boolean;
  /** the text encoding the file was read with (a WHATWG label), detected or chosen */
  encoding: string;
  /** the file as it came, to read again with another encoding or delimiter */
  bytes?: Uint8Array;
}

/** The delimiters the builder can choose when the file does not tell. */
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];
export const DELIMITER_LABELS: Record<CsvDelimiter, string> = {
  ',': 'Comma (,)',
  ';': 'Semicolon (;)',
  '\t': 'Tab',
  '|': 'Pipe (|)',
};

/** The encodings the builder can choose (WHATWG labels, as TextDecoder takes them). */
export const CSV_ENCODINGS: { value: string; label: string }[] = [
  { value: 'utf-8', label: 'UTF-8' },
  { value: 'windows-1252', label: 'Western (Windows-1252)' },
  { value: 'iso-8859-1', label: 'Western (ISO-8859-1)' },
  { value: 'iso-8859-15', label: 'Western with € (ISO-8859-15)' },
  { value: 'windows-1250', label: 'Central European (Windows-1250)' },
  { value: 'iso-8859-2', label: 'Central European (ISO-8859-2)' },
  { value: 'windows-1251', label: 'Cyrillic (Windows-1251)' },
  { value: 'koi8-r', label: 'Cyrillic (KOI8-R)' },
  { value: 'windows-1253', label: 'Greek (Windows-1253)' },
  { value: 'iso-8859-7', label: 'Greek (ISO-8859-7)' },
  { value: 'windows-1254', label: 'Turkish (Windows-1254)' },
  { value: 'windows-1255', label: 'Hebrew (Windows-1255)' },
  { value: 'windows-1256', label: 'Arabic (Windows-1256)' },
  { value: 'shift_jis', label: 'Japanese (Shift_JIS)' },
  { value: 'euc-jp', label: 'Japanese (EUC-JP)' },
  { value: 'gb18030', label: 'Chinese simplified (GB18030)' },
  { value: 'big5', label: 'Chinese traditional (Big5)' },
  { value: 'euc-kr', label: 'Korean (EUC-KR)' },
  { value: 'utf-16le', label: 'UTF-16' },
];

/** Code pages of Latin scripts, told apart by a few letters only. */
const LATIN_PAGES = new Set([
  'windows-1250',
  'iso-8859-2',
  'windows-1254',
  'iso-8859-3',
  'iso-8859-4',
  'iso-8859-10',
  'iso-8859-13',
  'iso-8859-14',
  'iso-8859-15',
  'iso-8859-16',
  'windows-1257',
  'windows-1258',
  'macintosh',
]);

/** Names the detector gives that TextDecoder knows by another label. */
const ENCODING_ALIASES: Record<string, string> = {
  cp932: 'shift_jis',
  'shift-jis': 'shift_jis',
  sjis: 'shift_jis',
  ascii: 'utf-8',
  'utf-8-sig': 'utf-8',
  maccyrillic: 'x-mac-cyrillic',
  cp949: 'euc-kr',
  gb2312: 'gb18030',
  gbk: 'gb18030',
  'euc-tw': 'big5',
  cp1252: 'windows-1252',
};

function knownLabel(name: string | null): string | null {
  if (!name) return null;
  const label = ENCODING_ALIASES[name.toLowerCase()] ?? name.toLowerCase();
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return null;
  }
}

/**
 * The encoding of a CSV file's bytes: UTF-8 when they are valid UTF-8 (a byte order mark says so too), else what a
 * detector made for it says (jschardet, a port of Python's chardet), else Windows-1252 (what Excel writes on Windows).
 */
export function detectCsvEncoding(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    // not UTF-8: a legacy code page
  }
  const sample = bytes.length > 200_000 ? bytes.subarray(0, 200_000) : bytes;
  const found = detect(sample);
  const label = knownLabel(found.encoding);
  // another Latin code page on thin evidence (a few accented names) is more likely Excel's Windows-1252
  if (label && LATIN_PAGES.has(label) && found.confidence < 0.5) return 'windows-1252';
  return label ?? 'windows-1252';
}

/** A file the wizard refuses, with the message it shows. */
export class CsvFileError extends Error {}

/** The longest header kept (the mapping call takes headers of at most 200 characters). */
export const CSV_HEADER_CHARS = 200;

/** Bytes 0x80–0x9F of Windows-1252 (the rest of the code page is Latin-1). */
const CP1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8d,
  0x017d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x9d, 0x017e, 0x0178,
];

/**
 * The text of a CSV file in an encoding (by default the detected one, `detectCsvEncoding`), without a byte order
 * mark. Some runtimes decode 'windows-1252' as Latin-1, so bytes 0x80–0x9F are mapped here.
 */
export function decodeCsvBytes(bytes: Uint8Array, encoding = detectCsvEncoding(bytes)): string {
  let text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
  if (encoding === 'windows-1252')
    text = text.replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]!));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Headers as the mapping uses them: trimmed, at most 200 characters, a blank one named after its column, and a
 * repeated one numbered ('Name', 'Name (2)'), so every column can be told apart.
 */
export function uniqueHeaders(raw: string[]): string[] {
  const seen = new Set<string>();
  return raw.map((cell, i) => {
    const base = cell.trim().slice(0, CSV_HEADER_CHARS) || `Column ${i + 1}`;
    let name = base;
    for (let n = 2; seen.has(name); n++) name = `${base.slice(0, CSV_HEADER_CHARS - 6)} (${n})`;
    seen.add(name);
    return name;
  });
}

/**
 * The headers and data rows of a CSV text (spec 001 §5): the first row holds the headers; blank lines are skipped.
 * Throws `CsvFileError` with the spec's messages: an empty file, no data rows, or text that is not CSV.
 */
export function parseCsvText(
  text: string,
  fileName = 'data.csv',
  options: { delimiter?: CsvDelimiter; encoding?: string } = {},
): ParsedCsv {
  if (text.trim() === '') throw new CsvFileError(databaseTexts.csvEmpty);
  // NUL characters: a binary file (a spreadsheet saved as .xlsx and renamed, an image), not text
  if (text.includes('\u0000')) throw new CsvFileError(databaseTexts.csvParseFailed);
  const guessed = options.delimiter ? null : guessDelimiter(text);
  const delimiter: CsvDelimiter = options.delimiter ?? guessed ?? ',';
  const delimiterDetected = options.delimiter !== undefined || guessed !== null;
  const table = text.includes('"') ? quotedTable(text, delimiter) : plainTable(text, delimiter);
  const headerIndex = table.records.findIndex((_, i) => !table.blank(i));
  if (headerIndex < 0) throw new CsvFileError(databaseTexts.csvEmpty);
  const headers = uniqueHeaders(table.record(headerIndex));
  const records: number[] = [];
  const rowNumbers: number[] = [];
  for (let i = headerIndex + 1; i < table.records.length; i++) {
    if (table.blank(i)) continue;
    records.push(i);
    rowNumbers.push(i + 1);
  }
  if (records.length === 0) throw new CsvFileError(databaseTexts.csvNoRows);
  const width = headers.length;
  const cell = (row: number, column: number) => (column < width ? table.cell(records[row]!, column) : '');
  let rows: string[][] | null = null;
  const parsed = {
    fileName,
    headers,
    rowCount: records.length,
    cell,
    preview: [] as string[][],
    rowNumbers,
    delimiter,
    delimiterDetected,
    encoding: options.encoding ?? 'utf-8',
  };
  parsed.preview = csvPreviewRows(parsed, CSV_PREVIEW_ROWS);
  return Object.defineProperty(parsed, 'rows', {
    enumerable: true,
    get: () => (rows ??= records.map((_, r) => headers.map((_h, c) => cell(r, c)))),
  }) as ParsedCsv;
}

/** The first rows of a file, cut to the headers (the samples of the mapping step and the mapping's preview). */
export function csvPreviewRows(
  csv: Pick<ParsedCsv, 'headers' | 'rowCount' | 'cell'>,
  count: number,
): string[][] {
  return Array.from({ length: Math.min(count, csv.rowCount) }, (_, r) =>
    csv.headers.map((_h, c) => csv.cell(r, c)),
  );
}

/** The records of a CSV text, each split into cells only when its cells are read. */
interface CsvTable {
  /** one entry per record of the file, blank lines included */
  records: readonly unknown[];
  blank: (record: number) => boolean;
  record: (record: number) => string[];
  cell: (record: number, column: number) => string;
}

const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

/** A text with quotes: PapaParse splits it (quoted delimiters, line breaks and doubled quotes). */
function quotedTable(text: string, delimiter: CsvDelimiter): CsvTable {
  let result: Papa.ParseResult<string[]>;
  try {
    result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter });
  } catch {
    throw new CsvFileError(databaseTexts.csvParseFailed);
  }
  // an unclosed quote swallows the rest of the file: refuse rather than import one long cell
  if (result.errors.some((e) => e.code === 'MissingQuotes'))
    throw new CsvFileError(databaseTexts.csvParseFailed);
  const records = result.data.filter((row): row is string[] => Array.isArray(row));
  return {
    records,
    blank: (i) => isBlank(records[i]!),
    record: (i) => records[i]!,
    cell: (i, c) => records[i]![c] ?? '',
  };
}

/**
 * A text without quotes: its lines, as PapaParse splits such a text (the same line ending), and the places of each
 * line's delimiters in a typed array; a cell is cut from its line when it is read.
 */
function plainTable(text: string, delimiter: CsvDelimiter): CsvTable {
  const lines = text.split(csvLineEnding(text));
  const ends: (Int32Array | undefined)[] = new Array(lines.length);
  const delimitersOf = (i: number): Int32Array => {
    let found = ends[i];
    if (found) return found;
    const line = lines[i]!;
    let count = 0;
    for (let at = line.indexOf(delimiter); at >= 0; at = line.indexOf(delimiter, at + 1)) count++;
    found = new Int32Array(count);
    for (let at = line.indexOf(delimiter), k = 0; at >= 0; at = line.indexOf(delimiter, at + 1))
      found[k++] = at;
    ends[i] = found;
    return found;
  };
  // a line of delimiters and spaces only is blank (each of its cells trims to '')
  const filled = new RegExp(`[^\\s${delimiter}]`);
  const cell = (i: number, c: number) => {
    const line = lines[i]!;
    const at = delimitersOf(i);
    if (c > at.length) return '';
    return line.slice(c === 0 ? 0 : at[c - 1]! + 1, c < at.length ? at[c] : line.length);
  };
  return {
    records: lines,
    blank: (i) => !filled.test(lines[i]!),
    record: (i) => lines[i]!.split(delimiter),
    cell,
  };
}

/** The line ending PapaParse takes for a text without quotes (from its first megabyte): \n, \r\n or \r. */
function csvLineEnding(text: string): string {
  const head = text.length > 1024 * 1024 ? text.slice(0, 1024 * 1024) : text;
  const firstReturn = head.indexOf('\r');
  if (firstReturn < 0) return '\n';
  const firstNewline = head.indexOf('\n');
  if (firstNewline >= 0 && firstNewline < firstReturn) return '\n';
  let pieces = 1;
  let withNewline = 0;
  for (let at = firstReturn; at >= 0; at = head.indexOf('\r', at + 1)) {
    pieces++;
    if (head.charCodeAt(at + 1) === 10) withNewline++;
  }
  return withNewline >= pieces / 2 ? '\r\n' : '\r';
}

/**
 * The delimiter of a CSV text, from its first 20 records (in its first 200,000 characters): of the four, the one that splits the header into the most
 * columns with the most records of the same width (blank lines aside). Null when none splits the header: the builder
 * chooses (a file of one column, or a delimiter we do not know).
 */
export function guessDelimiter(text: string): CsvDelimiter | null {
  let best: { delimiter: CsvDelimiter; score: number; columns: number } | null = null;
  for (const delimiter of CSV_DELIMITERS) {
    let records: string[][];
    try {
      records = Papa.parse<string[]>(text.slice(0, 200_000), {
        delimiter,
        preview: 20,
        skipEmptyLines: true,
      }).data;
    } catch {
      continue;
    }
    const columns = records[0]?.length ?? 0;
    if (columns < 2) continue;
    const score = records.filter((r) => r.length === columns).length / records.length;
    if (!best || score > best.score || (score === best.score && columns > best.columns))
      best = { delimiter, score, columns };
  }
  return best && best.score >= 0.5 ? best.delimiter : null;
}

/** Reads the file again with another encoding or delimiter (the builder's choice in the mapping step). */
export function rereadCsv(
  csv: ParsedCsv,
  change: { encoding?: string; delimiter?: CsvDelimiter },
): ParsedCsv {
  const bytes = csv.bytes ?? new TextEncoder().encode(csv.rows.join('\n'));
  const encoding = change.encoding ?? csv.encoding;
  const delimiter = change.delimiter ?? (csv.delimiterDetected ? undefined : csv.delimiter);
  return withBytes(
    parseCsvText(decodeCsvBytes(bytes, encoding), csv.fileName, {
      encoding,
      ...(change.delimiter || !csv.delimiterDetected ? { delimiter: delimiter ?? csv.delimiter } : {}),
    }),
    bytes,
  );
}

/** Whether a file is a CSV file by its name (the wizard takes .csv only). */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** Reads and parses a picked or dropped file. */
export async function readCsvFile(file: File): Promise<ParsedCsv> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await readBytes(file));
  } catch {
    throw new CsvFileError(databaseTexts.csvParseFailed);
  }
  return parseCsvBytes(bytes, file.name);
}

/** Parses a file's bytes in their detected encoding (valid UTF-8 is decoded once, not checked and then decoded). */
export function parseCsvBytes(bytes: Uint8Array, fileName: string): ParsedCsv {
  let text: string | null = null;
  if (!(bytes[0] === 0xff && bytes[1] === 0xfe)) {
    try {
      text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    } catch {
      text = null;
    }
  }
  if (text !== null) {
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    return withBytes(parseCsvText(text, fileName, { encoding: 'utf-8' }), bytes);
  }
  const encoding = detectCsvEncoding(bytes);
  return withBytes(parseCsvText(decodeCsvBytes(bytes, encoding), fileName, { encoding }), bytes);
}

/** The file's bytes kept beside what was read of them (not spread: that would make every row). */
function withBytes(csv: ParsedCsv, bytes: Uint8Array): ParsedCsv {
  csv.bytes = bytes;
  return csv;
}

function readBytes(file: Blob): Promise<ArrayBuffer> {
  if (typeof file.arrayBuffer === 'function') return file.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}
