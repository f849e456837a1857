import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  AppError,
  USER_ENTITY,
  patchUserRecordRequest,
  type EntityRecord,
  type RecordFields,
  type RecordsPage,
} from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import { validateWith } from '../../http/validation';
import type { Platform } from '../../platform';
import { loadAccess } from './access';
import { encodeCursor, isoMillis } from './records';

/**
 * The built-in User entity (docs/decisions/0008, "The User entity"): the accounts of the app's own tenant, read
 * from `users` where `tenant_id` is the app. Only the app's owner reads them and changes their role; to anyone else
 * it is an entity whose permissions are `none`.
 */

const userColumns = {
  id: users.id,
  createdAt: sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
  email: users.email,
  role: users.appRole,
};

interface UserRow {
  id: string;
  createdAt: string;
  email: string;
  role: string;
}

function userView(row: UserRow): EntityRecord {
  return {
    id: row.id,
    createdAt: isoMillis(row.createdAt),
    creatorId: row.id,
    email: row.email,
    role: row.role,
  };
}

async function isOwner(platform: Platform, caller: Caller | null, appId: string): Promise<boolean> {
  return (await loadAccess(platform, caller, appId, USER_ENTITY)).who.kind === 'owner';
}

export async function listUserRecords(options: {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  limit: number;
  cursor?: { createdAt: string; id: string };
}): Promise<RecordsPage> {
  const { platform, caller, appId, limit, cursor } = options;
  if (!(await isOwner(platform, caller, appId))) return { records: [], nextCursor: null };
  const conditions: SQL[] = [eq(users.tenantId, appId)];
  if (cursor)
    conditions.push(
      sql`(${users.createdAt}, ${users.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::text)`,
    );
  const rows = await platform.db
    .select(userColumns)
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    records: page.map(userView),
    nextCursor: rows.length > limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

export async function getUserRecord(options: {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  id: string;
}): Promise<EntityRecord> {
  const { platform, caller, appId, id } = options;
  if (!(await isOwner(platform, caller, appId))) throw new AppError('record/not-found');
  const [row] = await platform.db
    .select(userColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.tenantId, appId)));
  if (!row) throw new AppError('record/not-found');
  return userView(row);
}

/** The owner changes an end user's role (`user` or `admin`); nothing else of a User record can be changed. */
export async function patchUserRecord(options: {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  id: string;
  fields: () => Promise<RecordFields>;
}): Promise<EntityRecord> {
  const { platform, caller, appId, id, fields } = options;
  if (!(await isOwner(platform, caller, appId))) throw new AppError('record/not-found');
  const sent = await fields();
  if (Object.keys(sent).some((key) => key !== 'role')) throw new AppError('entity/builtin');
  const { role } = validateWith(patchUserRecordRequest, sent);
  const [row] = await platform.db
    .update(users)
    .set({ appRole: role })
    .where(and(eq(users.id, id), eq(users.tenantId, appId)))
    .returning(userColumns);
  if (!row) throw new AppError('record/not-found');
  return userView(row);
}
