import { and, eq } from 'drizzle-orm';
import { AppError, patchUserRecordRequest, type EntityRecord, type RecordFields } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import { validateWith } from '../../http/validation';
import type { Platform } from '../../platform';
import { isOwner, userColumns, userView } from './user-view';

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
