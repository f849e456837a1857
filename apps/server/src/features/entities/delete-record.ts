import { and, eq } from 'drizzle-orm';
import { AppError, USER_ENTITY } from '@buildai/domain';
import { appRecords } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadEntityAccess } from './access';
import { scopesOf } from './permissions';
import { refusedWrite, scopeWhere } from './records';

export interface DeleteRecordOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  entity: string;
  id: string;
}

/** Deletes a record the caller may change; one they may only read answers 403, one they cannot read 404. */
export async function deleteRecord(options: DeleteRecordOptions): Promise<void> {
  const { platform, caller, appId, entity, id } = options;
  if (entity === USER_ENTITY) throw new AppError('entity/builtin');
  const { who, schema } = await loadEntityAccess({ platform, caller, appId, entity });
  const scopes = scopesOf(schema, who);
  const where = { appId, entity, id, scope: scopes.read, who };
  if (scopes.write === 'none') throw await refusedWrite(platform.db, where);
  const removed = await platform.db
    .delete(appRecords)
    .where(and(eq(appRecords.id, id), scopeWhere({ appId, entity, scope: scopes.write, who })))
    .returning({ id: appRecords.id });
  if (removed.length === 0) throw await refusedWrite(platform.db, where);
}
