import { sql } from 'drizzle-orm';
import { USER_ENTITY, type EntityRecord } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadAccess } from './access';
import { isoMillis } from './records';

/**
 * The built-in User entity (docs/decisions/0008, "The User entity"): the accounts of the app's own tenant, read
 * from `users` where `tenant_id` is the app. Only the app's owner reads them and changes their role; to anyone else
 * it is an entity whose permissions are `none`.
 */

export const userColumns = {
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

export function userView(row: UserRow): EntityRecord {
  return {
    id: row.id,
    createdAt: isoMillis(row.createdAt),
    creatorId: row.id,
    email: row.email,
    role: row.role,
  };
}

export async function isOwner(platform: Platform, caller: Caller | null, appId: string): Promise<boolean> {
  return (await loadAccess({ platform, caller, appId, entity: USER_ENTITY })).who.kind === 'owner';
}
