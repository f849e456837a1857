import Papa from 'papaparse';
import { AppError } from '@buildai/domain';
import type { ExtractedText } from '../pipeline';

/** One row back as a line of CSV, quoted where needed. */
const toLine = (cells: string[]) => Papa.unparse([cells], { newline: '\n' });

/**
 * A CSV as a table: the header line and each row as one line. Parsed to arrays, never objects, so a column named
 * `__proto__` or `constructor` is only ever a string. Needs a header with a name and at least one data row.
 */
export function parseCsv(text: string): Extract<ExtractedText, { kind: 'table' }> {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' });
  const rows = parsed.data.filter((r) => Array.isArray(r) && r.some((cell) => String(cell).trim() !== ''));
  const [header, ...data] = rows;
  if (!header || data.length === 0 || header.every((cell) => String(cell).trim() === '')) {
    throw new AppError('context/csv-invalid');
  }
  return { kind: 'table', header: toLine(header.map(String)), rows: data.map((r) => toLine(r.map(String))) };
}
