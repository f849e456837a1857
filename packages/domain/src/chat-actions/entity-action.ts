import { z } from 'zod';
import { MAX_BULK_RECORDS, entityPermissions } from '../entities';
import { permissionPairSchema } from '../space-apps';
import { isPlainObject, textOf, type ActionContent, type CallInput, type KeptField } from './chat-action';

// What the entity actions share (decision 0008, "Entity actions in the chat"): their fields, what of a call is kept
// and stored, and how it is titled. Schema actions (add_entity, edit_entity) name the entity as `name`; record
// actions (insert_entity_records, import_entities) name an existing one as `entity`.

/** Records one insert_entity_records call may hold: a few examples the model writes itself. */
export const MAX_INSERT_RECORDS = 50;
/** Records one import_entities call may hold: the data the builder gave, as one bulk request takes. */
export const MAX_IMPORT_RECORDS = MAX_BULK_RECORDS;

const SCHEMA_HELP = `A JSON schema object: {"type": "object", "properties": {<field>: {"type": "string" | "number" | "integer" | "boolean" | "array" | "object", "format"?: "date-time" | "email" | "uri", "enum"?: [...], "items"?: {...}, "description"?: "..."}}, "required"?: [<field>...], "x-accessControl": {"permissions": {"read": <level>, "write": <level>}}}. Levels: anonymous, all, admin, creator, none. Do not declare id, createdAt or creatorId: every record has them.`;

export const entityNameField = z.string().describe('the entity name, PascalCase and singular, e.g. Task');
export const entitySchemaField = z.record(z.string(), z.unknown()).describe(SCHEMA_HELP);
export const existingEntityField = z.string().describe('the name of an existing entity, e.g. Task');
export const recordsField = (max: number) =>
  z.array(z.unknown()).describe(`at most ${max} objects of the entity's fields`);

export const SCHEMA_FIELDS: Readonly<Record<string, KeptField>> = { name: 'json', schema: 'json' };
export const RECORDS_FIELDS: Readonly<Record<string, KeptField>> = { entity: 'json', records: 'json' };

/** 'Add entity Task' ('Add entity' until the name is read). */
export const schemaTitle =
  (verb: string) =>
  (input: CallInput): string =>
    `${verb} entity ${textOf(input.name) ?? ''}`.trim();

/** The permissions a schema names (the defaults when it names none), when they are valid levels. */
function askedPermissions(schema: unknown): ActionContent['permissions'] {
  if (!isPlainObject(schema)) return undefined;
  const pair = permissionPairSchema.safeParse(
    entityPermissions(schema as Parameters<typeof entityPermissions>[0]),
  );
  return pair.success ? pair.data : undefined;
}

/** A schema action holds its entity, the schema it sends (as JSON text) and the permissions that schema asks for. */
export function schemaContent(input: CallInput): ActionContent {
  const entity = textOf(input.name);
  const permissions = askedPermissions(input.schema);
  return {
    ...(entity !== undefined ? { entity } : {}),
    ...(isPlainObject(input.schema) ? { content: JSON.stringify(input.schema, null, 2) } : {}),
    ...(permissions ? { permissions } : {}),
  };
}

/** Once it ran, the permissions the entity kept (edit_entity keeps them when the schema leaves them out). */
export function schemaOutcome(_input: CallInput, output: unknown): ActionContent {
  const kept = permissionPairSchema.safeParse(isPlainObject(output) ? output.permissions : undefined);
  return kept.success ? { permissions: kept.data } : {};
}

const sentRecords = (input: CallInput) => (Array.isArray(input.records) ? input.records.length : 0);

/** 'Insert 3 records into Task', 'Import 1 record into Task' ('into an entity' until the entity is read). */
export const recordsTitle =
  (verb: string) =>
  (input: CallInput): string => {
    const records = sentRecords(input);
    return `${verb} ${records} ${records === 1 ? 'record' : 'records'} into ${textOf(input.entity) ?? 'an entity'}`;
  };

/** A record action holds its entity; the records themselves stay in the stored part only. */
export function recordsContent(input: CallInput): ActionContent {
  const entity = textOf(input.entity);
  return entity !== undefined ? { entity } : {};
}

/** Once it ran, what went in and the first refused records with why (a refused call may still name them). */
export function recordsOutcome(input: CallInput, output: unknown): ActionContent {
  if (!isPlainObject(output)) return {};
  const { inserted, failed } = output as { inserted?: unknown; failed?: unknown };
  if (typeof inserted !== 'number' && !Array.isArray(failed)) return {};
  return {
    records: {
      sent: sentRecords(input),
      inserted: typeof inserted === 'number' ? inserted : 0,
      failed: Array.isArray(failed) ? (failed as { index: number; message: string }[]) : [],
    },
  };
}
