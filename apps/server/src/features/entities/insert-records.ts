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
 * A bad record is reported by its index and stops nothing else. The records travel as one JSON array and their ids
 * as another (two parameters, whatever their number: a statement of six parameters a row cost more to build and to
 * bind than to run). Each row takes `clock_timestamp()` plus its position in microseconds (for a clock coarser than
 * that), so the records of one call keep the order they were sent in (the last one sent is the newest).
 */
export async function insertRecords(options: InsertRecordsOptions): Promise<BulkRecordsResponse> {
  const { db, validator, appId, entity, schema, records, creatorId } = options;
  const ids: string[] = [];
  const texts: string[] = [];
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
    const text = JSON.stringify(fields);
    if (text.length > MAX_RECORD_CHARS) {
      failed.push({ index, message: 'This record is too large' });
      return;
    }
    ids.push(newId());
    texts.push(text);
  });
  if (ids.length > 0) {
    await db.execute(sql`
      insert into app_records (id, app_id, entity, data, creator_id, created_at)
      select r.id, ${appId}, ${entity}, r.data, ${creatorId}::text,
        clock_timestamp() + (r.position - 1) * interval '1 microsecond'
      from rows from (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb), jsonb_array_elements(${`[${texts.join(',')}]`}::jsonb))
        with ordinality as r(id, data, position)
      order by r.position`);
  }
  return { created: ids, failed };
}
