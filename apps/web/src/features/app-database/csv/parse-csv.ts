import Papa from 'papaparse';
import { databaseTexts } from '@buildai/domain';

/** A CSV file read for the import: unique headers, then the data rows with their row numbers in the file. */
export interface ParsedCsv {
  fileName: string;
  headers: string[];
  rows: string[][];
  /** each row's number as a spreadsheet shows it (the header row is 1; blank lines keep their numbers) */
  rowNumbers: number[];
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
 * The text of a CSV file: UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel writes on Windows),
 * without a byte order mark. Some runtimes decode 'windows-1252' as Latin-1, so bytes 0x80–0x9F are mapped here.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252')
      .decode(bytes)
      .replace(/[\u0080-\u009f]/g, (c) => String.fromCharCode(CP1252_HIGH[c.charCodeAt(0) - 0x80]!));
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

const isBlank = (row: string[]) => row.every((cell) => cell.trim() === '');

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
export function parseCsvText(text: string, fileName = 'data.csv'): ParsedCsv {
  if (text.trim() === '') throw new CsvFileError(databaseTexts.csvEmpty);
  // NUL characters: a binary file (a spreadsheet saved as .xlsx and renamed, an image), not text
  if (text.includes('\u0000')) throw new CsvFileError(databaseTexts.csvParseFailed);
  let result: Papa.ParseResult<string[]>;
  try {
    result = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false });
  } catch {
    throw new CsvFileError(databaseTexts.csvParseFailed);
  }
  // an unclosed quote swallows the rest of the file: refuse rather than import one long cell
  if (result.errors.some((e) => e.code === 'MissingQuotes'))
    throw new CsvFileError(databaseTexts.csvParseFailed);
  const records = result.data.filter((row): row is string[] => Array.isArray(row));
  const headerIndex = records.findIndex((row) => !isBlank(row));
  if (headerIndex < 0) throw new CsvFileError(databaseTexts.csvEmpty);
  const headerRow = records[headerIndex]!;
  const headers = uniqueHeaders(headerRow);
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const row = records[i]!;
    if (isBlank(row)) continue;
    rows.push(headers.map((_, c) => row[c] ?? ''));
    rowNumbers.push(i + 1);
  }
  if (rows.length === 0) throw new CsvFileError(databaseTexts.csvNoRows);
  return { fileName, headers, rows, rowNumbers };
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
  return parseCsvText(decodeCsvBytes(bytes), file.name);
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
