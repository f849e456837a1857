import {
  AppError,
  MAX_RECORD_CHARS,
  USER_ENTITY,
  isEmptyRow,
  type EntityRecord,
  type EntitySchema,
  type RecordFields,
} from '@buildai/domain';
import { newId } from '../../db/ids';
import { appRecords } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadEntityAccess } from './access';
import { scopesOf } from './permissions';
import type { RecordValidator } from './record-validator';
import { recordColumns, recordView, splitNulls, type RecordRow } from './records';

export interface CreateRecordOptions {
  platform: Platform;
  validator: RecordValidator;
  caller: Caller | null;
  appId: string;
  entity: string;
  /** the body as sent: `{fields: {…}}`, or the fields themselves */
  body: () => Promise<Record<string, unknown>>;
}

/**
 * The fields of a create body: `body.fields` when it is an object and the entity has no property named `fields`,
 * else the body itself (docs/decisions/0008, "Records API").
 */
export function fieldsOfCreate(schema: EntitySchema, body: Record<string, unknown>): RecordFields {
  const fields = body.fields;
  const wrapped = typeof fields === 'object' && fields !== null && !Array.isArray(fields);
  return wrapped && !('fields' in schema.properties) ? (fields as RecordFields) : body;
}

/** Creates one record as the caller (its creator), when the entity's write permission lets them create. */
export async function createRecord(options: CreateRecordOptions): Promise<EntityRecord> {
  const { platform, validator, caller, appId, entity, body } = options;
  if (entity === USER_ENTITY) throw new AppError('entity/builtin');
  const { who, schema } = await loadEntityAccess({ platform, caller, appId, entity });
  if (!scopesOf(schema, who).create) throw new AppError('auth/forbidden');
  const sent = fieldsOfCreate(schema, await body());
  if (isEmptyRow(sent)) throw new AppError('record/empty');
  const fields = splitNulls(schema, sent).values;
  validator.check(schema, fields);
  if (JSON.stringify(fields).length > MAX_RECORD_CHARS) throw new AppError('record/too-large');
  const [row] = await platform.db
    .insert(appRecords)
    .values({ id: newId(), appId, entity, data: fields, creatorId: who.userId })
    .returning(recordColumns);
  return recordView(row as RecordRow);
}
