import { z } from 'zod';
import { permissionLevelSchema, type PermissionPair } from './space-apps';

/**
 * The app database (spec 001 §2–§9, issue "The app database"; DESIGN §7a): entities (a JSON schema with read and
 * write permissions), their records, the database screen's columns and cells, CSV import and export. Choices the
 * spec leaves open are in docs/decisions/0008-app-database.md.
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

/** An entity name: a letter, then letters, digits or `_` (it becomes an SDK name: `entities.Task`). */
export const ENTITY_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
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
});
export type ListRecordsQuery = z.infer<typeof listRecordsQuery>;

export const recordsPage = z.object({
  records: z.array(entityRecordSchema),
  nextCursor: z.string().nullable(),
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

/** The chat message the database screen sends to change an entity's permissions (spec 001 §6). */
export function permissionChangeMessage(entity: string, description: string): string {
  return `Please change the permissions for entity "${entity}" to "${description}".`;
}

// ---------------------------------------------------------------------------------------------------------------
// The data table (spec 001 §3 "Data table column", §4, §5, §9)
// ---------------------------------------------------------------------------------------------------------------

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

export interface ColumnOption {
  label: string;
  backgroundColor: string;
}

export interface DataTableColumn {
  id: string | number;
  label: string;
  dataType: ColumnDataType;
  options: ColumnOption[];
  readonly: boolean;
  created: boolean;
}

/** The add-column pseudo-column's id. */
export const ADD_COLUMN_ID = 999999;
export const TABLE_HEIGHT_PX = 480;
export const TABLE_ROW_HEIGHT_PX = 40;
export const COLUMN_MIN_WIDTH = 50;
export const COLUMN_DEFAULT_WIDTH = 150;
export const COLUMN_MAX_WIDTH = 400;
/** Initial widths of a column: 200 for multiselect, else 100. */
export function defaultColumnWidth(dataType: ColumnDataType): number {
  return dataType === 'multiselect' ? 200 : 100;
}
/** Text longer than this, or with a line break, is edited in a modal. */
export const LONG_CELL_CHARS = 50;
export function isLongText(value: string): boolean {
  return value.length > LONG_CELL_CHARS || value.includes('\n');
}
/** An image cell's upload must be smaller than this. */
export const IMAGE_CELL_MAX_BYTES = 10_000_000;
/** Bulk row delete: chunks of 5 in parallel, 200 ms between chunks. */
export const BULK_DELETE_CHUNK = 5;
export const BULK_DELETE_PAUSE_MS = 200;

function typesOf(property: EntityProperty): string[] {
  const type = property.type;
  return Array.isArray(type) ? type.filter((t) => t !== 'null') : type ? [type] : [];
}

/** The column type of a property, as spec 001 §3 infers it. */
export function inferColumnType(name: string, property: EntityProperty): ColumnDataType {
  const types = typesOf(property);
  if (name.toLowerCase().includes('image')) return 'image';
  if (property.format === 'date-time') return 'datetime';
  if (types.includes('boolean')) return 'boolean';
  if (Array.isArray(property.enum)) return 'select';
  if (types.includes('string')) return 'text';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('array')) return Array.isArray(property.items?.enum) ? 'multiselect' : 'json';
  return 'json';
}

/** A random option colour: any hue at 95% saturation and 90% lightness (spec 001 §9). */
export function randomOptionColour(random: () => number = Math.random): string {
  return `hsl(${Math.floor(random() * 360)}, 95%, 90%)`;
}

/** A stable option colour for a label (the same label keeps its colour between renders). */
export function optionColour(label: string): string {
  let hash = 0;
  for (let i = 0; i < label.length; i++) hash = (hash * 31 + label.charCodeAt(i)) >>> 0;
  return `hsl(${hash % 360}, 95%, 90%)`;
}

/** The columns of an entity: its properties in order, then the read-only Created At and User ID. */
export function entityColumns(schema: Pick<EntitySchema, 'properties'>): DataTableColumn[] {
  const columns: DataTableColumn[] = Object.entries(schema.properties).map(([name, property]) => {
    const dataType = inferColumnType(name, property);
    const values =
      dataType === 'select' ? property.enum : dataType === 'multiselect' ? property.items?.enum : undefined;
    return {
      id: name,
      label: property.title ?? name,
      dataType,
      options: (values ?? []).map((v) => ({ label: String(v), backgroundColor: optionColour(String(v)) })),
      readonly: false,
      created: true,
    };
  });
  columns.push(
    {
      id: 'createdAt',
      label: 'Created At',
      dataType: 'datetime',
      options: [],
      readonly: true,
      created: true,
    },
    { id: 'creatorId', label: 'User ID', dataType: 'text', options: [], readonly: true, created: true },
  );
  return columns;
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
// CSV import and export (spec 001 §3 "CSV mapping", §5, §7, §9)
// ---------------------------------------------------------------------------------------------------------------

export const csvDataTypes = ['text', 'number', 'boolean', 'datetime', 'json'] as const;
export type CsvDataType = (typeof csvDataTypes)[number];
/** How a string-array field's cell is split. */
export const csvSplitCharacters = [',', ';', '|', '\n', '\t'] as const;
export type CsvSplitCharacter = (typeof csvSplitCharacters)[number];

export const csvMappingSchema = z.object({
  csvHeader: z.string(),
  /** a property, a dot path for a nested one, or '' for a column that is not imported */
  schemaField: z.string(),
  dataType: z.enum(csvDataTypes),
  splitCharacter: z.enum(csvSplitCharacters).optional(),
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** Rows sent as the mapping's preview; import batch size and batches in flight. */
export const CSV_PREVIEW_ROWS = 5;
export const CSV_IMPORT_BATCH = 10;
export const CSV_IMPORT_PARALLEL = 3;
/** The most headers and the longest preview cell the mapping call takes. */
export const MAX_CSV_HEADERS = 200;
export const MAX_CSV_PREVIEW_CELL = 500;

/** POST /api/csv/generateMapping */
export const generateMappingRequest = z.object({
  headers: z.array(z.string().max(200)).min(1).max(MAX_CSV_HEADERS),
  previewData: z
    .array(z.array(z.string().max(MAX_CSV_PREVIEW_CELL)).max(MAX_CSV_HEADERS))
    .max(CSV_PREVIEW_ROWS),
  schema: entitySchemaSchema,
  entityName: entityNameSchema,
});
export type GenerateMappingRequest = z.infer<typeof generateMappingRequest>;
export const generateMappingResponse = z.object({ mappings: z.array(csvMappingSchema) });
export type GenerateMappingResponse = z.infer<typeof generateMappingResponse>;

/**
 * Whether a property is an array of strings (a multiselect, tags): its CSV cell is split by a character. Items typed
 * `string`, or items with an `enum` of strings only.
 */
export function isCsvStringArray(property: EntityProperty): boolean {
  if (!typesOf(property).includes('array')) return false;
  const items = property.items ?? {};
  if (typesOf(items).includes('string')) return true;
  return (
    typesOf(items).length === 0 &&
    Array.isArray(items.enum) &&
    items.enum.length > 0 &&
    items.enum.every((v) => typeof v === 'string')
  );
}

/** The CSV type a property takes (nested objects are mapped by their dot paths). */
export function csvDataTypeOf(property: EntityProperty): CsvDataType {
  const types = typesOf(property);
  if (property.format === 'date-time') return 'datetime';
  if (types.includes('boolean')) return 'boolean';
  if (types.includes('number') || types.includes('integer')) return 'number';
  if (types.includes('string')) return 'text';
  if (isCsvStringArray(property)) return 'text';
  return 'json';
}

/** The fields a CSV column may map onto: each property, and each property of a nested object by its dot path. */
export function csvTargetFields(
  schema: Pick<EntitySchema, 'properties'>,
): { path: string; property: EntityProperty }[] {
  const out: { path: string; property: EntityProperty }[] = [];
  const walk = (properties: Record<string, EntityProperty>, prefix: string, depth: number) => {
    for (const [name, property] of Object.entries(properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (property.properties && typesOf(property).includes('object') && depth < 3) {
        walk(property.properties, path, depth + 1);
      } else {
        out.push({ path, property });
      }
    }
  };
  walk(schema.properties, '', 0);
  return out;
}

/**
 * The basic mapping: each header onto the field of the same name, compared case-insensitively (and trimmed). A
 * header equal to a full dot path wins over one equal to a nested field's last name; each field takes one column
 * at most (the first header that names it), so no column silently overwrites another.
 */
export function fallbackCsvMapping(
  headers: string[],
  schema: Pick<EntitySchema, 'properties'>,
): CsvMapping[] {
  const fields = csvTargetFields(schema);
  const taken = new Set<string>();
  const free = (f: { path: string }) => !taken.has(f.path);
  return headers.map((header) => {
    const key = header.trim().toLowerCase();
    const field =
      fields.find((f) => free(f) && f.path.toLowerCase() === key) ??
      fields.find((f) => free(f) && f.path.split('.').pop()!.toLowerCase() === key);
    if (!key || !field) return { csvHeader: header, schemaField: '', dataType: 'text' };
    taken.add(field.path);
    return csvMappingFor(header, field.path, field.property);
  });
}

/** The mapping of a header onto one field, with the field's CSV type (and a comma split for a string array). */
export function csvMappingFor(header: string, path: string, property: EntityProperty): CsvMapping {
  return {
    csvHeader: header,
    schemaField: path,
    dataType: csvDataTypeOf(property),
    ...(isCsvStringArray(property) ? { splitCharacter: ',' as const } : {}),
  };
}

/**
 * A CSV cell converted as spec 001 §5 says: number as a float, boolean true only for 'true' (any case), datetime as
 * an ISO string, json parsed (the raw text when it does not parse), a string-array split, trimmed, empties dropped.
 * An empty cell is left out (undefined).
 */
export function convertCsvValue(
  raw: string,
  mapping: Pick<CsvMapping, 'dataType' | 'splitCharacter'>,
): unknown {
  if (raw.trim() === '') return undefined;
  if (mapping.splitCharacter) {
    // a cell the export wrote (a JSON array of strings) comes back as that array
    const listed = jsonStringArray(raw);
    if (listed) return listed;
    return raw
      .split(mapping.splitCharacter)
      .map((s) => s.trim())
      .filter((s) => s !== '');
  }
  switch (mapping.dataType) {
    case 'number': {
      const n = Number.parseFloat(raw);
      return Number.isFinite(n) ? n : undefined;
    }
    case 'boolean':
      return raw.trim().toLowerCase() === 'true';
    case 'datetime': {
      const d = new Date(raw);
      return Number.isNaN(d.getTime()) ? raw : d.toISOString();
    }
    case 'json':
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    default:
      return raw;
  }
}

/** The strings of a cell holding a JSON array of strings (trimmed, empties dropped), else null. */
function jsonStringArray(raw: string): string[] | null {
  if (!raw.trim().startsWith('[')) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) return null;
    return value.map((v: string) => v.trim()).filter((v) => v !== '');
  } catch {
    return null;
  }
}

/** Sets `value` at a dot path of `target`, making the objects on the way. */
export function setByPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = target;
  for (const key of keys.slice(0, -1)) {
    const next = Object.hasOwn(at, key) ? at[key] : undefined;
    if (typeof next !== 'object' || next === null || Array.isArray(next)) ownSet(at, key, {});
    at = at[key] as Record<string, unknown>;
  }
  ownSet(at, keys[keys.length - 1]!, value);
}

/** Sets an own property, even one named `__proto__` (a valid property name), never the object's prototype. */
function ownSet(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The record one CSV row makes under a mapping (unmapped columns are ignored). */
export function csvRowToRecord(headers: string[], row: string[], mappings: CsvMapping[]): RecordFields {
  const record: RecordFields = {};
  for (const mapping of mappings) {
    if (!mapping.schemaField) continue;
    const index = headers.indexOf(mapping.csvHeader);
    if (index < 0) continue;
    const value = convertCsvValue(row[index] ?? '', mapping);
    if (value !== undefined) setByPath(record, mapping.schemaField, value);
  }
  return record;
}

/** A cell as exported: one that a spreadsheet would read as a formula is prefixed with `'`. */
export function neutraliseCsvCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** `{entity}_export_{YYYY-MM-DD}.csv` */
export function csvExportFileName(entity: string, date: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${entity}_export_${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}.csv`;
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
  importPartlyFailed: (failed: number, total: number) =>
    `Import completed with ${failed} failed rows out of ${total} total.`,
  permissionRequestFailed: 'Failed to request access control change',
  permissionChatBusy: 'Please wait for chat to finish before updating permissions',
  invalidJson: (message: string) => `Invalid JSON: ${message}`,
  fileTooLarge: 'File size to large',
  imageUploadFailed: 'Failed to upload image. Please try again.',
  imageUploaded: 'Image uploaded successfully!',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The chat's entity actions (decision 0008, "Entity actions in the chat")
// ---------------------------------------------------------------------------------------------------------------

/** An entity action's title: 'Add entity Task', 'Edit entity Task', 'Insert 3 records into Task', 'Import 1 record into Task'. */
export function entityActionTitle(
  type: 'add_entity' | 'edit_entity' | 'insert_entity_records' | 'import_entities',
  entity: string | undefined,
  records = 0,
): string {
  if (type === 'add_entity' || type === 'edit_entity')
    return `${type === 'add_entity' ? 'Add' : 'Edit'} entity ${entity ?? ''}`.trim();
  const count = `${records} ${records === 1 ? 'record' : 'records'}`;
  return `${type === 'import_entities' ? 'Import' : 'Insert'} ${count} into ${entity ?? 'an entity'}`;
}
