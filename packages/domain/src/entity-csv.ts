import { z } from 'zod';
import {
  entityNameSchema,
  entitySchemaSchema,
  propertyTypes,
  type EntityProperty,
  type EntitySchema,
  type RecordFields,
} from './entities';

/**
 * CSV import and export of the app database (spec 001 §3 "CSV mapping", §5, §7, §9): the mapping of CSV columns
 * onto an entity's fields, each CSV type's conversion, and the exported file. The server checks and suggests
 * mappings with these rules, and the web imports with them.
 */

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

/** Rows sent as the mapping's preview. */
export const CSV_PREVIEW_ROWS = 5;
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
  if (!propertyTypes(property).includes('array')) return false;
  const items = property.items ?? {};
  if (propertyTypes(items).includes('string')) return true;
  return (
    propertyTypes(items).length === 0 &&
    Array.isArray(items.enum) &&
    items.enum.length > 0 &&
    items.enum.every((v) => typeof v === 'string')
  );
}

/**
 * The CSV type a property takes: the first rule that matches, in this order (a date-time string is a datetime, not
 * text; a list of strings is split text); anything else is json. Nested objects are mapped by their dot paths.
 */
const csvTypeRules: readonly (readonly [CsvDataType, (property: EntityProperty) => boolean])[] = [
  ['datetime', (p) => p.format === 'date-time'],
  ['boolean', (p) => propertyTypes(p).includes('boolean')],
  ['number', (p) => propertyTypes(p).includes('number') || propertyTypes(p).includes('integer')],
  ['text', (p) => propertyTypes(p).includes('string')],
  ['text', isCsvStringArray],
];

export function csvDataTypeOf(property: EntityProperty): CsvDataType {
  return csvTypeRules.find(([, matches]) => matches(property))?.[0] ?? 'json';
}

/** The fields a CSV column may map onto: each property, and each property of a nested object by its dot path. */
export function csvTargetFields(
  schema: Pick<EntitySchema, 'properties'>,
): { path: string; property: EntityProperty }[] {
  const out: { path: string; property: EntityProperty }[] = [];
  const walk = (properties: Record<string, EntityProperty>, prefix: string, depth: number) => {
    for (const [name, property] of Object.entries(properties)) {
      const path = prefix ? `${prefix}.${name}` : name;
      if (property.properties && propertyTypes(property).includes('object') && depth < 3) {
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
  // a type outside the list (a mapping nothing checked) keeps its text, as before the table of conversions
  return Object.hasOwn(csvConverters, mapping.dataType) ? csvConverters[mapping.dataType](raw) : raw;
}

/** Each CSV type's conversion of a non-empty cell (spec 001 §5). */
const csvConverters: Record<CsvDataType, (raw: string) => unknown> = {
  text: (raw) => raw,
  number: (raw) => {
    const n = Number.parseFloat(raw);
    return Number.isFinite(n) ? n : undefined;
  },
  boolean: (raw) => raw.trim().toLowerCase() === 'true',
  datetime: (raw) => {
    const d = new Date(raw);
    return Number.isNaN(d.getTime()) ? raw : d.toISOString();
  },
  json: (raw) => {
    try {
      return JSON.parse(raw);
    } catch {
      return raw;
    }
  },
};

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
