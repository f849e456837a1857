import Papa from 'papaparse';
import { AppError } from '@buildai/domain';

/** One row back as a line of CSV, quoted where needed. */
const toLine = (cells: string[]) => Papa.unparse([cells], { newline: '\n' });

const hasContent = (row: unknown) => Array.isArray(row) && row.some((cell) => String(cell).trim() !== '');

/**
 * Refuses a CSV without a header or rows, as `csvLines` would, reading only as far as its first two rows with
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

/** Rows read between two turns of the event loop. */
const ROWS_PER_TURN = 1000;

/**
 * A CSV's lines, header first: each row with anything in it as one line of CSV, quoted where needed. Rows are
 * parsed to arrays, never objects, so a column named `__proto__` or `constructor` is only ever a string. Read a
 * thousand rows at a time with the event loop's other work let in between, so that a long file neither holds up
 * the server's thread nor waits to be read whole before its first chunks are stored. Ends `context/csv-invalid`
 * when there is no header or no row.
 */
export async function* csvLines(text: string): AsyncGenerator<string> {
  let parser: Papa.Parser | undefined;
  let rows: string[][] = [];
  let done = false;
  Papa.parse<string[]>(text, {
    header: false,
    skipEmptyLines: 'greedy',
    step: (result, p) => {
      parser = p;
      rows.push(result.data);
      if (rows.length >= ROWS_PER_TURN) p.pause();
    },
    complete: () => {
      done = true;
    },
  });
  let lines = 0;
  for (;;) {
    if (rows.length === 0 && !done) parser?.resume();
    const batch = rows;
    rows = [];
    if (batch.length === 0) break;
    for (const row of batch) {
      if (!hasContent(row)) continue;
      lines += 1;
      yield toLine(row.map(String));
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (lines < 2) throw new AppError('context/csv-invalid');
}
