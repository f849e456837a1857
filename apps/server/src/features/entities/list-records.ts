import { AppError, DEFAULT_RECORDS_LIMIT, USER_ENTITY, type RecordsPage } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { passMembershipGate } from './membership-gate';
import { countReadable, listPage } from './scoped-reads';
import { decodeCursor } from './records';
import { listUserRecords } from './list-user-records';

export interface ListRecordsOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  entity: string;
  limit?: number;
  cursor?: string;
  /** a first page also says how many records the caller may read in all */
  withTotal?: boolean;
}

/**
 * A page of an entity's records, newest first: only those the caller may read, chosen in the query, which also
 * works out who the caller is (one statement). An entity the caller may read nothing of lists nothing.
 */
export async function listRecords(options: ListRecordsOptions): Promise<RecordsPage> {
  const { platform, caller, appId, entity } = options;
  const limit = options.limit ?? DEFAULT_RECORDS_LIMIT;
  const cursor = options.cursor ? decodeCursor(options.cursor) : undefined;
  if (entity === USER_ENTITY) return listUserRecords({ platform, caller, appId, limit, cursor });
  const page = await listPage(platform.database, { caller, appId, entity, limit, cursor });
  if (page.found === 'app') throw new AppError('app/not-found');
  await passMembershipGate({ platform, caller, appId, gate: page.gate });
  if (page.found === 'entity') throw new AppError('entity/not-found');
  if (!options.withTotal || cursor) return { records: page.records, nextCursor: page.nextCursor };
  // a first page that is the whole list counts itself
  const total = page.nextCursor
    ? await countReadable(platform.database, { caller, appId, entity })
    : page.records.length;
  return { records: page.records, nextCursor: page.nextCursor, total };
}
