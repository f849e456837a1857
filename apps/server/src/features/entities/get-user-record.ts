import { and, eq } from 'drizzle-orm';
import { AppError, type EntityRecord } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { isOwner, userColumns, userView } from './user-view';

/** One end user of the app, to its owner; 404 `record/not-found` to anyone else. */
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
