import { AppError, USER_ENTITY } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAppOwner } from './access';
import { deleteEntity } from './entity-store';

export interface RemoveEntityOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  name: string;
}

/** Removes an entity and its records (its owner only). */
export async function removeEntity({ platform, caller, appId, name }: RemoveEntityOptions): Promise<void> {
  await requireAppOwner(platform, caller, appId);
  if (name === USER_ENTITY) throw new AppError('entity/builtin');
  if (!(await deleteEntity(platform.db, appId, name))) throw new AppError('entity/not-found');
}
