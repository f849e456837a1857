import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError, type EntityRecord, type EntitySchema, type RecordFields } from '@buildai/domain';
import type { Db } from '../../db/client';
import { appRecords } from '../../db/schema';
import type { Principal, Scope } from './permissions';

/**
 * What the record routes share: a record's columns as read, its answer, the list cursor and the WHERE of a scope
 * (docs/decisions/0008, "Permissions in the SQL").
 */

/** `created_at` to the microsecond, in UTC ISO form: the cursor needs all of it, the answer its milliseconds. */
export const createdAtText = sql<string>`to_char(${appRecords.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The columns of a record as the routes read them. */
export const recordColumns = {
  id: appRecords.id,
  createdAt: createdAtText,
  creatorId: appRecords.creatorId,
  data: appRecords.data,
};

export interface RecordRow {
  id: string;
  /** microseconds, UTC */
  createdAt: string;
  creatorId: string | null;
  data: Record<string, unknown>;
}

/** `2026-01-02T03:04:05.123456Z` → `2026-01-02T03:04:05.123Z` (the API's ISO form, as `toISOString`). */
export function isoMillis(micros: string): string {
  return `${micros.slice(0, 23)}Z`;
}

/** A record as the API answers it: its own fields, then the system fields (which a record cannot hold). */
export function recordView(row: RecordRow): EntityRecord {
  // the driver's parsed object is this row's own: the system fields are set on it (a spread of it took V8's slow
  // path, about a tenth of a list's CPU); they still win over a field of the same name
  return Object.assign(row.data, {
    id: row.id,
    createdAt: isoMillis(row.createdAt),
    creatorId: row.creatorId,
  });
}

const CURSOR_PATTERN = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|([A-Za-z0-9_-]{1,64})$/;

/** The opaque cursor after a record: base64url of its `createdAt` (to the microsecond) and id. */
export function encodeCursor(row: Pick<RecordRow, 'createdAt' | 'id'>): string {
  return Buffer.from(`${row.createdAt}|${row.id}`).toString('base64url');
}

/** A cursor back into its position; 400 `request/invalid` (field `cursor`) for one we did not hand out. */
export function decodeCursor(cursor: string): { createdAt: string; id: string } {
  const match = CURSOR_PATTERN.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  // a real instant the database reads as it is (JavaScript takes 30 February, PostgreSQL does not)
  const at = match ? Date.parse(match[1]!) : Number.NaN;
  const real =
    !Number.isNaN(at) && at >= 0 && new Date(at).toISOString().slice(0, 19) === match![1]!.slice(0, 19);
  if (!match || !real) {
    throw new AppError('request/invalid', {
      message: 'cursor: is not a cursor this list handed out',
      field: 'cursor',
    });
  }
  return { createdAt: match[1]!, id: match[2]! };
}

export interface ScopeWhereOptions {
  appId: string;
  entity: string;
  scope: Scope;
  who: Principal;
}

/** The WHERE of one entity's records a caller reaches; `none` reaches nothing. */
export function scopeWhere({ appId, entity, scope, who }: ScopeWhereOptions): SQL {
  const base = and(eq(appRecords.appId, appId), eq(appRecords.entity, entity))!;
  if (scope === 'all') return base;
  if (scope === 'own' && who.userId) return and(base, eq(appRecords.creatorId, who.userId))!;
  return sql`false`;
}

/** One record the caller reaches under `scope`, or null. */
export async function selectRecord(
  db: Db,
  where: { appId: string; entity: string; id: string; scope: Scope; who: Principal },
): Promise<RecordRow | null> {
  if (where.scope === 'none') return null;
  const [row] = await db
    .select(recordColumns)
    .from(appRecords)
    .where(
      and(
        eq(appRecords.id, where.id),
        scopeWhere({ appId: where.appId, entity: where.entity, scope: where.scope, who: where.who }),
      ),
    );
  return (row as RecordRow | undefined) ?? null;
}

/**
 * Why a write found no record: 403 `auth/forbidden` when the caller may read it (but not change it), else 404
 * `record/not-found` (a record the caller cannot read is not shown to exist).
 */
export async function refusedWrite(db: Db, where: Parameters<typeof selectRecord>[1]): Promise<AppError> {
  return (await selectRecord(db, where)) ? new AppError('auth/forbidden') : new AppError('record/not-found');
}

/**
 * The fields of a write with its `null`s taken as "no value": a field whose schema does not accept null is left out
 * (a create) or removed (an update); one that accepts null keeps it (docs/decisions/0008, "Records API").
 */
export function splitNulls(
  schema: EntitySchema,
  fields: RecordFields,
): { values: RecordFields; cleared: string[] } {
  const values: RecordFields = {};
  const cleared: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === null && !acceptsNull(schema, name)) cleared.push(name);
    else values[name] = value;
  }
  return { values, cleared };
}

function acceptsNull(schema: EntitySchema, name: string): boolean {
  const property = schema.properties[name];
  if (!property) return false;
  const type = property.type;
  return (
    type === 'null' ||
    (Array.isArray(type) && type.includes('null')) ||
    (property.enum?.includes(null) ?? false)
  );
}
