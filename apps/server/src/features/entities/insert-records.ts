import { sql } from 'drizzle-orm';
import { MAX_RECORD_CHARS, isEmptyRow, type BulkRecordsResponse, type EntitySchema, type RecordFields } from '@buildai/domain';
import type { Db } from '../../db/client';
import { newId } from '../../db/ids';
import { appRecords } from '../../db/schema';
import type { RecordValidator } from './record-validator';

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
 * A bad record is reported by its index and stops nothing else. Each row takes `clock_timestamp()`, so the records of
 * one call keep the order they were sent in (the last one sent is the newest).
 */
export async function insertRecords(options: InsertRecordsOptions): Promise<BulkRecordsResponse> {
  const { db, validator, appId, entity, schema, records, creatorId } = options;
  const rows: (typeof appRecords.$inferInsert)[] = [];
  const failed: BulkRecordsResponse['failed'] = [];
  records.forEach((fields, index) => {
    if (isEmptyRow(fields)) {
      failed.push({ index, message: 'An empty row cannot be saved' });
      return;
    }
    const problem = validator.problem(schema, fields);
    if (problem) {
      failed.push({ index, message: problem.message });
      return;
    }
    if (JSON.stringify(fields).length > MAX_RECORD_CHARS) {
      failed.push({ index, message: 'This record is too large' });
      return;
    }
    rows.push({ id: newId(), appId, entity, data: fields, creatorId, createdAt: sql`clock_timestamp()` as never });
  });
  if (rows.length > 0) await db.insert(appRecords).values(rows);
  return { created: rows.map((r) => r.id), failed };
}
