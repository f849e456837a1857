import { and, eq, sql } from 'drizzle-orm';
import {
  AppError,
  MAX_RECORD_CHARS,
  USER_ENTITY,
  type EntityRecord,
  type RecordFields,
} from '@buildai/domain';
import { appRecords } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadEntityAccess } from './access';
import { fieldsOfCreate } from './create-record';
import { scopesOf } from './permissions';
import type { RecordValidator } from './record-validator';
import { recordColumns, recordView, refusedWrite, scopeWhere, splitNulls, type RecordRow } from './records';
import { patchUserRecord } from './patch-user-record';

export interface UpdateRecordOptions {
  platform: Platform;
  validator: RecordValidator;
  caller: Caller | null;
  appId: string;
  entity: string;
  id: string;
  /** the fields that change; null clears one (docs/decisions/0008, "Records API") */
  fields: () => Promise<RecordFields>;
}

/**
 * Changes some fields of a record, checked as a partial record, merged into the stored one in the statement
 * (`data || patch`): two people changing two different fields at once both keep their change.
 */
export async function updateRecord(options: UpdateRecordOptions): Promise<EntityRecord> {
  const { platform, validator, caller, appId, entity, id, fields } = options;
  if (entity === USER_ENTITY) return patchUserRecord({ platform, caller, appId, id, fields });
  const { who, schema } = await loadEntityAccess({ platform, caller, appId, entity });
  const scopes = scopesOf(schema, who);
  const where = { appId, entity, id, scope: scopes.read, who };
  if (scopes.write === 'none') throw await refusedWrite(platform.db, where);
  const sent = await fields();
  // `{fields: {…}}` alone, for an entity without a `fields` property, is the create body's form: taken as the fields
  const only = Object.keys(sent);
  const patch = only.length === 1 && only[0] === 'fields' ? fieldsOfCreate(schema, sent) : sent;
  const { values, cleared } = splitNulls(schema, patch);
  const missing = cleared.find((name) => schema.required?.includes(name));
  if (missing) throw new AppError('record/invalid', { message: `${missing}: is required`, field: missing });
  validator.check(schema, values, true);
  if (JSON.stringify(values).length > MAX_RECORD_CHARS) throw new AppError('record/too-large');
  let data = sql`${appRecords.data} || ${JSON.stringify(values)}::jsonb`;
  for (const name of cleared) data = sql`(${data}) - ${name}::text`;
  const [row] = await platform.db
    .update(appRecords)
    .set({ data })
    .where(and(eq(appRecords.id, id), scopeWhere({ appId, entity, scope: scopes.write, who })))
    .returning(recordColumns);
  if (!row) throw await refusedWrite(platform.db, where);
  return recordView(row as RecordRow);
}
