import { sql } from 'drizzle-orm';
import {
  MAX_RECORD_CHARS,
  isEmptyRow,
  type BulkRecordsResponse,
  type EntitySchema,
  type RecordFields,
} from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { appRecords } from '../../db/schema';
import type { RecordValidator } from './record-validator';
import { splitNulls } from './records';

export interface InsertRecordsOptions {
  db: Db;
  validator: RecordValidator;
  appId: string;
  entity: string;
  schema: EntitySchema;
  records: RecordFields[];
  /** the account creating them; null for a visitor */
  creatorId: string | null;
}

/**
 * Checks each record and inserts the good ones in one statement (the caller has already been allowed to create).
 * A bad record is reported by its index and stops nothing else. Each row takes `clock_timestamp()` (plus its
 * position in microseconds, for a clock coarser than that), so the records of one call keep the order they were sent
 * in (the last one sent is the newest).
 */
export async function insertRecords(options: InsertRecordsOptions): Promise<BulkRecordsResponse> {
  const { db, validator, appId, entity, schema, records, creatorId } = options;
  const rows: (typeof appRecords.$inferInsert)[] = [];
  const failed: BulkRecordsResponse['failed'] = [];
  records.forEach((sent, index) => {
    if (isEmptyRow(sent)) {
      failed.push({ index, message: 'An empty row cannot be saved' });
      return;
    }
    // a null is "no value" unless the property accepts null (docs/decisions/0008, "Records API")
    const fields = splitNulls(schema, sent).values;
    const problem = validator.problem(schema, fields);
    if (problem) {
      failed.push({ index, message: problem.message });
      return;
    }
    if (JSON.stringify(fields).length > MAX_RECORD_CHARS) {
      failed.push({ index, message: 'This record is too large' });
      return;
    }
    // each row a microsecond after the one before at least, where the clock is coarser (the embedded database's)
    const createdAt = sql`clock_timestamp() + ${rows.length} * interval '1 microsecond'`;
    rows.push({ id: newId(), appId, entity, data: fields, creatorId, createdAt: createdAt as never });
  });
  if (rows.length > 0) await db.insert(appRecords).values(rows);
  return { created: rows.map((r) => r.id), failed };
}
