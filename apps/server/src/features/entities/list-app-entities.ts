import type { EntitiesResponse } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireAppOwner } from './access';
import { listEntities } from './entity-store';

/** The app's entities, for its owner (the built-in User entity is not listed). */
export async function listAppEntities(
  platform: Platform,
  caller: Caller | null,
  appId: string,
): Promise<EntitiesResponse> {
  await requireAppOwner(platform, caller, appId);
  return { entities: await listEntities(platform.db, appId) };
}
