import { AppError, USER_ENTITY, type EntityRecord } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadEntityAccess } from './access';
import { scopesOf } from './permissions';
import { recordView, selectRecord } from './records';
import { getUserRecord } from './get-user-record';

export interface GetRecordOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  entity: string;
  id: string;
}

/** One record the caller may read; any other answers 404 `record/not-found`. */
export async function getRecord(options: GetRecordOptions): Promise<EntityRecord> {
  const { platform, caller, appId, entity, id } = options;
  if (entity === USER_ENTITY) return getUserRecord({ platform, caller, appId, id });
  const { who, schema } = await loadEntityAccess(platform, caller, appId, entity);
  const row = await selectRecord(platform.db, { appId, entity, id, scope: scopesOf(schema, who).read, who });
  if (!row) throw new AppError('record/not-found');
  return recordView(row);
}
