import {
  readCsvRow,
  type BulkRecordsResponse,
  type ReadCsvMapping,
  type RecordFields,
} from '@buildai/domain';
import { errorMessage } from '@/lib/api-client';
import { CSV_IMPORT_BATCH, CSV_IMPORT_PARALLEL } from '../lib/constants';

/** A row the server did not create, by its number in the file, with the server's reason. */
export interface FailedRow {
  row: number;
  message: string;
}

export interface ImportOutcome {
  total: number;
  created: number;
  failed: FailedRow[];
  /** every batch's request failed as a whole (network, server down, refused): nothing was checked row by row */
  requestsFailed: boolean;
}

export interface ImportOptions {
  headers: string[];
  rows: string[][];
  rowNumbers: number[];
  /** the mappings with their columns' readings (decimal separator, date order) */
  mappings: ReadCsvMapping[];
  /** sends one batch (`bulkCreateRecords`) */
  send: (records: RecordFields[]) => Promise<BulkRecordsResponse>;
  /** rows finished so far (created or failed) */
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
  parallel?: number;
}

/**
 * Imports the rows (spec 001 §9): records built with `readCsvRow`, sent in batches of 10 rows, 3 batches in
 * flight at a time. A row with a value its column cannot read ('n/a' as a number) fails with that reason and is not
 * sent; a row the server refuses is kept with its message; a batch whose request fails counts all its rows as failed
 * with the request's message. Never throws.
 */
export async function runImport({
  headers,
  rows,
  rowNumbers,
  mappings,
  send,
  onProgress,
  batchSize = CSV_IMPORT_BATCH,
  parallel = CSV_IMPORT_PARALLEL,
}: ImportOptions): Promise<ImportOutcome> {
  const failed: FailedRow[] = [];
  const columnOf = new Map(headers.map((h, i) => [h, i] as const));
  const records: (RecordFields | null)[] = rows.map((row, i) => {
    const read = readCsvRow(headers, row, mappings, (h) => columnOf.get(h) ?? -1);
    if (read.ok) return read.record;
    failed.push({ row: rowNumbers[i] ?? i + 2, message: read.message });
    return null;
  });
  const sendable = records.flatMap((r, i) => (r ? [i] : []));
  const batches: number[][] = [];
  for (let start = 0; start < sendable.length; start += batchSize) {
    batches.push(sendable.slice(start, start + batchSize));
  }
  let created = 0;
  let done = rows.length - sendable.length;
  if (done > 0) onProgress?.(done, rows.length);
  let batchesFailed = 0;
  let next = 0;

  const runOne = async (indexes: number[]) => {
    try {
      const answer = await send(indexes.map((i) => records[i]!));
      created += answer.created.length;
      for (const f of answer.failed) {
        const i = indexes[f.index];
        if (i !== undefined) failed.push({ row: rowNumbers[i] ?? i + 2, message: f.message });
      }
    } catch (err) {
      batchesFailed++;
      const message = errorMessage(err);
      for (const i of indexes) failed.push({ row: rowNumbers[i] ?? i + 2, message });
    }
    done += indexes.length;
    onProgress?.(done, rows.length);
  };
  const worker = async () => {
    while (next < batches.length) await runOne(batches[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, batches.length) }, worker));

  failed.sort((a, b) => a.row - b.row);
  return {
    total: rows.length,
    created,
    failed,
    requestsFailed: batches.length > 0 && batchesFailed === batches.length,
  };
}
