import { DEFAULT_RECORDS_LIMIT, USER_ENTITY, type RecordsPage } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { loadEntityAccess } from './access';
import { scopesOf } from './permissions';
import { decodeCursor, selectRecordsPage } from './records';
import { listUserRecords } from './user-records';

export interface ListRecordsOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  entity: string;
  limit?: number;
  cursor?: string;
}

/**
 * A page of an entity's records, newest first: only those the caller may read, chosen in the query (an entity the
 * caller may read nothing of lists nothing).
 */
export async function listRecords(options: ListRecordsOptions): Promise<RecordsPage> {
  const { platform, caller, appId, entity } = options;
  const limit = options.limit ?? DEFAULT_RECORDS_LIMIT;
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (entity === USER_ENTITY) return listUserRecords({ platform, caller, appId, limit, cursor });
  const { who, schema } = await loadEntityAccess(platform, caller, appId, entity);
  const { read } = scopesOf(schema, who);
  return selectRecordsPage(platform.db, { appId, entity, scope: read, who, limit, cursor });
}
