import {
  AppError,
  ENTITY_NAME_PATTERN,
  MAX_IMPORT_RECORDS,
  MAX_INSERT_RECORDS,
  USER_ENTITY,
  entitySchemaSchema,
  entityPermissions,
  type EntitySchema,
  type PermissionPair,
  type RecordFields,
} from '@buildai/domain';
import type { Db } from '../../db/client';
import { lockAppFiles } from '../apps';
import { findEntity, insertRecords, putEntity, type RecordValidator } from '../entities';

/** Refused records named back (to the model and in the stored action); the count covers the rest. */
export const MAX_FAILURES_SHOWN = 20;

export type EntityActionInput =
  | { type: 'add_entity' | 'edit_entity'; name: string; schema: unknown }
  | { type: 'insert_entity_records' | 'import_entities'; entity: string; records: unknown };

export type RecordFailure = { index: number; message: string };

export type EntityActionResult =
  | { ok: true; created: boolean; permissions: PermissionPair }
  | { ok: true; inserted: number; failed: RecordFailure[]; failedCount: number }
  | { ok: false; error: string; failed?: RecordFailure[] };

export interface ApplyEntityActionOptions {
  db: Db;
  validator: RecordValidator;
  appId: string;
  /** the builder the records are inserted as (their creator) */
  builderId: string;
  action: EntityActionInput;
}

/** The first problem of a schema the model wrote, in words it can fix: `schema.properties.id: "id" is set by …`. */
function schemaProblem(schema: unknown): string | null {
  const parsed = entitySchemaSchema.safeParse(schema);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  const at = ['schema', ...issue.path.map(String)].join('.');
  return `${at}: ${issue.message}`;
}

function nameProblem(name: string): string | null {
  if (name === USER_ENTITY)
    return "User is the built-in entity of the app's end users: it cannot be created or changed; choose another name";
  if (!ENTITY_NAME_PATTERN.test(name))
    return `"${name}" is not a valid entity name: it starts with a letter and has only letters, digits and _ (at most 64), e.g. Task`;
  return null;
}

async function applySchemaAction(
  db: Db,
  appId: string,
  action: Extract<EntityActionInput, { name: string }>,
): Promise<EntityActionResult> {
  const problem = nameProblem(action.name) ?? schemaProblem(action.schema);
  if (problem) return { ok: false, error: problem };
  const schema = action.schema as EntitySchema;
  try {
    return await db.transaction(async (tx) => {
      // the app row's lock, as file writes take it: the entity count is checked and written in one go
      await lockAppFiles(tx, appId);
      const current = await findEntity(tx, appId, action.name);
      if (action.type === 'add_entity' && current)
        return {
          ok: false,
          error: `The entity ${action.name} already exists: change it with edit_entity (its whole new schema)`,
        };
      if (action.type === 'edit_entity' && !current)
        return { ok: false, error: `There is no entity ${action.name}: create it with add_entity` };
      // an edit that leaves the permissions out keeps them: a new property must not open or close the data
      const kept =
        action.type === 'edit_entity' && !schema['x-accessControl'] && current?.['x-accessControl']
          ? { ...schema, 'x-accessControl': current['x-accessControl'] }
          : schema;
      const { created } = await putEntity({ db: tx, appId, name: action.name, schema: kept });
      return { ok: true, created, permissions: entityPermissions(kept) };
    });
  } catch (err) {
    if (err instanceof AppError && (err.code === 'entity/too-many' || err.code === 'entity/builtin'))
      return { ok: false, error: err.message };
    throw err;
  }
}

async function applyRecordsAction(
  options: ApplyEntityActionOptions & { action: Extract<EntityActionInput, { entity: string }> },
): Promise<EntityActionResult> {
  const { db, validator, appId, builderId, action } = options;
  const max = action.type === 'import_entities' ? MAX_IMPORT_RECORDS : MAX_INSERT_RECORDS;
  const records = action.records;
  if (!Array.isArray(records) || records.length === 0)
    return { ok: false, error: 'records must be a non-empty array of objects (one per record)' };
  if (records.length > max) {
    return {
      ok: false,
      error:
        action.type === 'import_entities'
          ? `One import_entities call takes at most ${max} records; split the data into several calls`
          : `One insert_entity_records call takes at most ${max} records; use import_entities for the builder's own data, or several calls`,
    };
  }
  if (action.entity === USER_ENTITY)
    return {
      ok: false,
      error: "The User entity's records are the app's end users: they sign up, nobody inserts them",
    };
  const schema = await findEntity(db, appId, action.entity);
  if (!schema)
    return { ok: false, error: `There is no entity ${action.entity}: create it with add_entity first` };
  const notObject: RecordFailure[] = [];
  const fields: RecordFields[] = [];
  const indexOf: number[] = [];
  records.forEach((r: unknown, index) => {
    if (r && typeof r === 'object' && !Array.isArray(r)) {
      fields.push(r as RecordFields);
      indexOf.push(index);
    } else notObject.push({ index, message: "record: must be an object of the entity's fields" });
  });
  const result = await db.transaction((tx) =>
    insertRecords({
      db: tx,
      validator,
      appId,
      entity: action.entity,
      schema,
      records: fields,
      creatorId: builderId,
    }),
  );
  const failed = [...notObject, ...result.failed.map((f) => ({ ...f, index: indexOf[f.index]! }))].sort(
    (a, b) => a.index - b.index,
  );
  const shown = failed.slice(0, MAX_FAILURES_SHOWN);
  if (result.created.length === 0)
    return {
      ok: false,
      error: `No record was inserted into ${action.entity}: ${shown.map((f) => `#${f.index} ${f.message}`).join('; ')}`,
      failed: shown,
    };
  return { ok: true, inserted: result.created.length, failed: shown, failedCount: failed.length };
}

/**
 * Applies one of the model's entity actions (decision 0008, "Entity actions in the chat"). A refused action changes
 * nothing and answers why, in words the model can act on; records are checked one by one and the good ones go in.
 */
export async function applyEntityAction(options: ApplyEntityActionOptions): Promise<EntityActionResult> {
  const { action } = options;
  if ('name' in action) return applySchemaAction(options.db, options.appId, action);
  return applyRecordsAction({ ...options, action });
}
