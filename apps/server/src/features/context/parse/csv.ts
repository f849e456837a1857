import Papa from 'papaparse';
import { AppError } from '@buildai/domain';
import type { ExtractedText } from '../pipeline';

/** One row back as a line of CSV, quoted where needed. */
const toLine = (cells: string[]) => Papa.unparse([cells], { newline: '\n' });

const hasContent = (row: unknown) => Array.isArray(row) && row.some((cell) => String(cell).trim() !== '');

/**
 * Refuses a CSV without a header or rows, as `parseCsv` would, reading only as far as its first two rows with
 * anything in them: an upload's check costs next to nothing however long the file.
 */
export function assertCsvHasRows(text: string): void {
  let found = 0;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: 'greedy',
    step: (result, parser) => {
      if (hasContent(result.data) && ++found === 2) parser.abort();
    },
  });
  if (found < 2) throw new AppError('context/csv-invalid');
}

/**
 * A CSV as a table: the header line and each row as one line. Parsed to arrays, never objects, so a column named
 * `__proto__` or `constructor` is only ever a string. Needs a header with a name and at least one data row.
 */
export function parseCsv(text: string): Extract<ExtractedText, { kind: 'table' }> {
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' });
  const [header, ...data] = parsed.data.filter(hasContent);
  if (!header || data.length === 0) throw new AppError('context/csv-invalid');
  return { kind: 'table', header: toLine(header.map(String)), rows: data.map((r) => toLine(r.map(String))) };
}
