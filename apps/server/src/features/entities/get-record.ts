import { AppError, USER_ENTITY, type EntityRecord } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { passMembershipGate } from './membership-gate';
import { getUserRecord } from './get-user-record';
import { readOne } from './scoped-reads';

export interface GetRecordOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  entity: string;
  id: string;
}

/**
 * One record the caller may read, read with who the caller is in one statement; any other answers 404
 * `record/not-found`, whether it exists or not.
 */
export async function getRecord(options: GetRecordOptions): Promise<EntityRecord> {
  const { platform, caller, appId, entity, id } = options;
  if (entity === USER_ENTITY) return getUserRecord({ platform, caller, appId, id });
  const read = await readOne(platform.database, { caller, appId, entity, id });
  if (read.found === 'app') throw new AppError('app/not-found');
  await passMembershipGate({ platform, caller, appId, gate: read.gate });
  if (read.found === 'entity') throw new AppError('entity/not-found');
  if (read.found === 'record') throw new AppError('record/not-found');
  return read.record;
}
