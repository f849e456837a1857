import { ENTITY_NAME_PATTERN } from './app-bridge-protocol';
import { z } from 'zod';
import { permissionLevelSchema, type AccessChange, type PermissionPair } from './space-apps';

/**
 * The app database (spec 001 §2–§9, issue "The app database"; architecture §7a): entities (a JSON schema with read and
 * write permissions), their records, the names of the database screen's column types and the cells' rules (CSV import
 * and export are in entity-csv.ts). Choices the spec leaves open are in docs/decisions/0008-app-database.md.
 */

export type PermissionLevel = z.infer<typeof permissionLevelSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Entities
// ---------------------------------------------------------------------------------------------------------------

/** The built-in entity of the app's end users (a view over the app tenant's accounts; never listed). */
export const USER_ENTITY = 'User';
/** Most entities one app may hold, and most properties one entity may have. */
export const MAX_ENTITIES = 50;
export const MAX_ENTITY_PROPERTIES = 100;
/** The longest entity schema, as JSON. */
export const MAX_ENTITY_SCHEMA_CHARS = 64_000;
/** The most characters one record may hold, as JSON. */
export const MAX_RECORD_CHARS = 100_000;
/** Records per page of a list: default and most. */
export const DEFAULT_RECORDS_LIMIT = 50;
export const MAX_RECORDS_LIMIT = 200;
/** Records per bulk request (the import sends 10; scripts and the chat may send more). */
export const MAX_BULK_RECORDS = 1000;

/** Fields every record has, set by the server; a schema may not declare them and a write may not set them. */
export const RECORD_SYSTEM_FIELDS = ['id', 'createdAt', 'creatorId'] as const;

/** A property name: a letter or `_`, then letters, digits or `_`. */
export const PROPERTY_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;

export const entityNameSchema = z
  .string()
  .regex(
    ENTITY_NAME_PATTERN,
    'An entity name starts with a letter and has only letters, digits and _ (at most 64)',
  );

/** One property of an entity schema: the JSON-schema keywords the product reads; others are kept as they are. */
export const entityPropertySchema: z.ZodType<EntityProperty> = z
  .lazy(
    () =>
      z.looseObject({
        type: z.union([z.string(), z.array(z.string())]).optional(),
        format: z.string().optional(),
        enum: z.array(z.unknown()).optional(),
        items: entityPropertySchema.optional(),
        properties: z.record(z.string(), entityPropertySchema).optional(),
        description: z.string().optional(),
        title: z.string().optional(),
      }),
    // the OpenAPI document describes a property as an object: its generator would follow the recursion for ever
  )
  .meta({ type: 'object' });
export interface EntityProperty {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  items?: EntityProperty;
  properties?: Record<string, EntityProperty>;
  description?: string;
  title?: string;
  [key: string]: unknown;
}

export const accessControlSchema = z.object({
  permissions: z.object({ read: permissionLevelSchema, write: permissionLevelSchema }),
});

/**
 * An entity's schema (spec 001 §3): `properties`, optional `required`, and `x-accessControl.permissions` (default
 * `creator` for both). Other top-level keywords (`type: "object"`, `title`, `description`) are kept.
 */
export const entitySchemaSchema = z
  .looseObject({
    type: z.literal('object').optional(),
    properties: z.record(z.string(), entityPropertySchema),
    required: z.array(z.string()).optional(),
    'x-accessControl': accessControlSchema.optional(),
  })
  .superRefine((schema, ctx) => {
    const names = Object.keys(schema.properties);
    if (names.length > MAX_ENTITY_PROPERTIES) {
      ctx.addIssue({
        code: 'custom',
        path: ['properties'],
        message: `An entity has at most ${MAX_ENTITY_PROPERTIES} properties`,
      });
    }
    for (const name of names) {
      if (!PROPERTY_NAME_PATTERN.test(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', name],
          message: `"${name}" is not a valid property name (a letter or _, then letters, digits or _)`,
        });
      } else if ((RECORD_SYSTEM_FIELDS as readonly string[]).includes(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['properties', name],
          message: `"${name}" is set by the app database`,
        });
      }
    }
    for (const name of schema.required ?? []) {
      if (!names.includes(name)) {
        ctx.addIssue({
          code: 'custom',
          path: ['required'],
          message: `"${name}" is required but not a property`,
        });
      }
    }
    if (JSON.stringify(schema).length > MAX_ENTITY_SCHEMA_CHARS) {
      ctx.addIssue({
        code: 'custom',
        message: `An entity schema is at most ${MAX_ENTITY_SCHEMA_CHARS} characters`,
      });
    }
  });
export type EntitySchema = z.infer<typeof entitySchemaSchema>;

export const entitySchemaEntry = z.object({ name: z.string(), schema: entitySchemaSchema });
export type EntityEntry = z.infer<typeof entitySchemaEntry>;

/** GET /api/apps/{appId}/entities (the built-in User entity is not listed). */
export const entitiesResponse = z.object({ entities: z.array(entitySchemaEntry) });
export type EntitiesResponse = z.infer<typeof entitiesResponse>;

/** PUT /api/apps/{appId}/entities/{name}: create or replace. */
export const putEntityRequest = z.object({ schema: entitySchemaSchema });
export type PutEntityRequest = z.infer<typeof putEntityRequest>;

/** An entity's permissions, `creator` for any that is not set (spec 001 §3). */
export function entityPermissions(schema: Pick<EntitySchema, 'x-accessControl'> | undefined): PermissionPair {
  const permissions = schema?.['x-accessControl']?.permissions;
  return { read: permissions?.read ?? 'creator', write: permissions?.write ?? 'creator' };
}

// ---------------------------------------------------------------------------------------------------------------
// Records
// ---------------------------------------------------------------------------------------------------------------

/** A record as the API answers it: the system fields and the entity's own fields side by side. */
export const entityRecordSchema = z.looseObject({
  id: z.string(),
  /** ISO 8601 */
  createdAt: z.string(),
  /** the account that created it; null for an anonymous visitor's record */
  creatorId: z.string().nullable(),
});
export type EntityRecord = z.infer<typeof entityRecordSchema>;

/** A record's own fields (what create and update send). */
export const recordFieldsSchema = z.record(z.string(), z.unknown());
export type RecordFields = z.infer<typeof recordFieldsSchema>;

/** GET …/entities/{name}/records?limit=&cursor= (newest createdAt first). */
export const listRecordsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(MAX_RECORDS_LIMIT).optional(),
  cursor: z.string().min(1).max(200).optional(),
  /** `true` on a first page: the answer says how many records the caller may read in all (`total`) */
  total: z.enum(['true', 'false']).optional(),
});
export type ListRecordsQuery = z.infer<typeof listRecordsQuery>;

export const recordsPage = z.object({
  records: z.array(entityRecordSchema),
  nextCursor: z.string().nullable(),
  /** every record the caller may read, when a first page asked for it (`total=true`) */
  total: z.number().int().optional(),
});
export type RecordsPage = z.infer<typeof recordsPage>;

/**
 * POST …/records: `{fields: {…}}`. A body without a `fields` object (or an entity that has a property called
 * `fields`) is taken as the fields themselves, as PATCH takes them.
 */
export const createRecordRequest = z.looseObject({ fields: recordFieldsSchema.optional() });

/** POST …/records/bulk */
export const bulkRecordsRequest = z.object({
  records: z.array(recordFieldsSchema).min(1).max(MAX_BULK_RECORDS),
});
export type BulkRecordsRequest = z.infer<typeof bulkRecordsRequest>;
export const bulkRecordsResponse = z.object({
  created: z.array(z.string()),
  failed: z.array(z.object({ index: z.number().int(), message: z.string() })),
});
export type BulkRecordsResponse = z.infer<typeof bulkRecordsResponse>;

/** The roles of an app's end users, kept on their record of the built-in User entity. */
export const appUserRoles = ['user', 'admin'] as const;
export const appUserRoleSchema = z.enum(appUserRoles);
export type AppUserRole = z.infer<typeof appUserRoleSchema>;
/** PATCH …/entities/User/records/{id}: the owner may change the role (and nothing else). */
export const patchUserRecordRequest = z.object({ role: appUserRoleSchema });

// ---------------------------------------------------------------------------------------------------------------
// Permissions: labels and presets (spec 001 §6)
// ---------------------------------------------------------------------------------------------------------------

export const permissionLevelLabels: Record<PermissionLevel, string> = {
  anonymous: 'Anonymous',
  all: 'Public',
  admin: 'Admin',
  creator: 'Creator',
  none: 'None',
};

export interface PermissionPreset extends PermissionPair {
  label: string;
  meaning: string;
}

/** The six presets of spec 001 §6, in the spec's order. */
export const permissionPresets: readonly PermissionPreset[] = [
  {
    read: 'admin',
    write: 'anonymous',
    label: 'Admin Only Read, Anonymous Write',
    meaning: 'anyone submits, only admins view',
  },
  {
    read: 'anonymous',
    write: 'admin',
    label: 'Anonymous Read, Admin Write',
    meaning: 'anyone views, admins edit',
  },
  {
    read: 'all',
    write: 'admin',
    label: 'Public Read, Admin Write',
    meaning: 'logged-in users view, admins edit',
  },
  {
    read: 'all',
    write: 'creator',
    label: 'Public Read, Creator Write',
    meaning: 'logged-in users view, only the creator edits',
  },
  { read: 'creator', write: 'creator', label: 'Creator Only', meaning: 'creator views and edits' },
  { read: 'admin', write: 'admin', label: 'Admin Only', meaning: 'admins view and edit' },
];

/** The preset of a pair, or null when none matches. */
export function permissionPreset(pair: PermissionPair): PermissionPreset | null {
  return permissionPresets.find((p) => p.read === pair.read && p.write === pair.write) ?? null;
}

/** The label the table shows: the preset's, else '{read} Read, {write} Write'. */
export function permissionDescription(pair: PermissionPair): string {
  return (
    permissionPreset(pair)?.label ??
    `${permissionLevelLabels[pair.read]} Read, ${permissionLevelLabels[pair.write]} Write`
  );
}

/**
 * What replacing the entities `now` with `target` (a revert) changes in access, by entity name: a changed pair, an
 * entity that comes back, one that goes (issue 32, item 6).
 */
export function accessChanges(
  now: readonly { name: string; schema: Pick<EntitySchema, 'x-accessControl'> }[],
  target: readonly { name: string; schema: Pick<EntitySchema, 'x-accessControl'> }[],
): AccessChange[] {
  const before = new Map(now.map((e) => [e.name, entityPermissions(e.schema)]));
  const after = new Map(target.map((e) => [e.name, entityPermissions(e.schema)]));
  const names = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a.localeCompare(b));
  return names.flatMap((entity) => {
    const from = before.get(entity) ?? null;
    const to = after.get(entity) ?? null;
    if (from && to && from.read === to.read && from.write === to.write) return [];
    return [{ entity, from, to }];
  });
}

/** Whether two lists name the same access changes (in any order). */
export function sameAccessChanges(a: readonly AccessChange[], b: readonly AccessChange[]): boolean {
  const key = (c: AccessChange) =>
    JSON.stringify([c.entity, c.from?.read, c.from?.write, c.to?.read, c.to?.write]);
  const left = a.map(key).sort();
  const right = b.map(key).sort();
  return left.length === right.length && left.every((k, i) => k === right[i]);
}

/** An access change as the revert's confirmation names it: 'Habit: Creator Only → Anonymous Read, Admin Write'. */
export function accessChangeText({ entity, from, to }: AccessChange): string {
  if (!to) return `${entity}: removed, with its records`;
  if (!from) return `${entity}: comes back as ${permissionDescription(to)}`;
  return `${entity}: ${permissionDescription(from)} → ${permissionDescription(to)}`;
}

/** The chat message the database screen sends to change an entity's permissions (spec 001 §6). */
export function permissionChangeMessage(entity: string, description: string): string {
  return `Please change the permissions for entity "${entity}" to "${description}".`;
}

// ---------------------------------------------------------------------------------------------------------------
// The data table (spec 001 §3 "Data table column", §4, §5, §9)
// ---------------------------------------------------------------------------------------------------------------

/**
 * The column types of the data table, by name. Each type's inference, cell, editor and width are the web's (one
 * module per type in the database screen's column-types registry); the names stay here as the contract the
 * registry is checked against.
 */
export const columnDataTypes = [
  'number',
  'text',
  'select',
  'multiselect',
  'image',
  'json',
  'datetime',
  'boolean',
] as const;
export type ColumnDataType = (typeof columnDataTypes)[number];

/** The JSON types a property declares, `null` left out (a nullable string is a string). */
export function propertyTypes(property: EntityProperty): string[] {
  const type = property.type;
  return Array.isArray(type) ? type.filter((t) => t !== 'null') : type ? [type] : [];
}

/** A boolean cell's value: true, 'true', 1, '1' are true; false, 'false', 0, '0' are false; anything else null. */
export function parseBooleanCell(value: unknown): boolean | null {
  if (value === true || value === 'true' || value === 1 || value === '1') return true;
  if (value === false || value === 'false' || value === 0 || value === '0') return false;
  return null;
}

/** A JSON cell's text: empty saves null; invalid JSON is 'Invalid JSON: {parser message}'. */
export function parseJsonCell(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  if (text.trim() === '') return { ok: true, value: null };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: databaseTexts.invalidJson((error as Error).message) };
  }
}

/** Whether a new row has nothing in it (it cannot be saved). */
export function isEmptyRow(fields: RecordFields): boolean {
  return Object.values(fields).every(
    (v) => v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0),
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The database screen's texts (spec 001 §2, §5, §8), verbatim
// ---------------------------------------------------------------------------------------------------------------

export const databaseTexts = {
  noEntities: 'No entities yet, use the chat to create one',
  createRowFailed: 'Failed to create row',
  updateRowFailed: 'Failed to update row',
  deleteRowFailed: 'Failed to delete row',
  emptyRow: 'An empty row cannot be saved',
  noDataToExport: 'No data to export',
  csvEmpty: 'CSV file appears to be empty',
  csvNoRows: 'No valid data rows found in CSV',
  csvParseFailed: 'Failed to parse CSV file. Please check the format.',
  importFailed: 'Failed to import data. Please try again.',
  mappingFallback: "Couldn't generate AI mapping suggestions. Using basic mapping instead.",
  importSucceeded: (n: number) => `Successfully imported all ${n} rows.`,
  // the spec's sentence, in the singular for one row (issue 32, item 10)
  importPartlyFailed: (failed: number, total: number) =>
    failed === 1
      ? `Import completed with 1 failed row out of ${total} total.`
      : `Import completed with ${failed} failed rows out of ${total} total.`,
  permissionRequestFailed: 'Failed to request access control change',
  permissionChatBusy: 'Please wait for chat to finish before updating permissions',
  invalidJson: (message: string) => `Invalid JSON: ${message}`,
  fileTooLarge: 'File size to large',
  imageUploadFailed: 'Failed to upload image. Please try again.',
  imageUploaded: 'Image uploaded successfully!',
} as const;
