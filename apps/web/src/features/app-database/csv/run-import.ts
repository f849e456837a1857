import {
  csvRowToRecord,
  type BulkRecordsResponse,
  type CsvMapping,
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
  mappings: CsvMapping[];
  /** sends one batch (`bulkCreateRecords`) */
  send: (records: RecordFields[]) => Promise<BulkRecordsResponse>;
  /** rows finished so far (created or failed) */
  onProgress?: (done: number, total: number) => void;
  batchSize?: number;
  parallel?: number;
}

/**
 * Imports the rows (spec 001 §9): records built with `csvRowToRecord`, sent in batches of 10 rows, 3 batches in
 * flight at a time. A row the server refuses is kept with its message; a batch whose request fails counts all its
 * rows as failed with the request's message. Never throws.
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
  const batches: number[][] = [];
  for (let start = 0; start < rows.length; start += batchSize) {
    batches.push(Array.from({ length: Math.min(batchSize, rows.length - start) }, (_, i) => start + i));
  }
  const failed: FailedRow[] = [];
  let created = 0;
  let done = 0;
  let batchesFailed = 0;
  let next = 0;

  const runOne = async (indexes: number[]) => {
    const records = indexes.map((i) => csvRowToRecord(headers, rows[i]!, mappings));
    try {
      const answer = await send(records);
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
