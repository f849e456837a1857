import { AppError, USER_ENTITY, type BulkRecordsResponse, type RecordFields } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadEntityAccess } from './access';
import { insertRecords } from './insert-records';
import { scopesOf } from './permissions';
import type { RecordValidator } from './record-validator';

export interface BulkCreateRecordsOptions {
  platform: Platform;
  validator: RecordValidator;
  caller: Caller | null;
  appId: string;
  entity: string;
  /** read once the caller may create */
  records: () => Promise<RecordFields[]>;
}

/** Creates many records in one statement; each bad one is reported by its index and stops nothing else. */
export async function bulkCreateRecords(options: BulkCreateRecordsOptions): Promise<BulkRecordsResponse> {
  const { platform, validator, caller, appId, entity, records } = options;
  if (entity === USER_ENTITY) throw new AppError('entity/builtin');
  const { who, schema } = await loadEntityAccess({ platform, caller, appId, entity });
  if (!scopesOf(schema, who).create) throw new AppError('auth/forbidden');
  return insertRecords({
    db: platform.db,
    validator,
    appId,
    entity,
    schema,
    records: await records(),
    creatorId: who.userId,
  });
}
