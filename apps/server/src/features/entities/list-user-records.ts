import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { RecordsPage } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { encodeCursor } from './records';
import { isOwner, userColumns, userView } from './user-view';

/** The app's end users, newest first, to its owner; an empty list to anyone else. */
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
