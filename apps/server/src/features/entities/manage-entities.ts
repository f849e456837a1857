import {
  AppError,
  USER_ENTITY,
  entityNameSchema,
  type EntitiesResponse,
  type EntityEntry,
  type EntitySchema,
} from '@buildai/domain';
import type { Caller } from '../../http/context';
import { validateWith } from '../../http/validation';
import type { Platform } from '../../platform';
import { requireAppOwner } from './access';
import { deleteEntity, listEntities, putEntity } from './entity-store';

/** The app's entities, for its owner (the built-in User entity is not listed). */
export async function listAppEntities(
  platform: Platform,
  caller: Caller | null,
  appId: string,
): Promise<EntitiesResponse> {
  await requireAppOwner(platform, caller, appId);
  return { entities: await listEntities(platform.db, appId) };
}

export interface SaveEntityOptions {
  platform: Platform;
  caller: Caller | null;
  appId: string;
  name: string;
  schema: () => Promise<EntitySchema>;
}

/** Creates or replaces an entity (its owner only); `created` says which. */
export async function saveEntity(
  options: SaveEntityOptions,
): Promise<{ entry: EntityEntry; created: boolean }> {
  const { platform, caller, appId, name } = options;
  await requireAppOwner(platform, caller, appId);
  if (name === USER_ENTITY) throw new AppError('entity/builtin');
  validateWith(entityNameSchema, name, 'name');
  const schema = await options.schema();
  const { created } = await putEntity(platform.db, appId, name, schema);
  return { entry: { name, schema }, created };
}

/** Removes an entity and its records (its owner only). */
export async function removeEntity(
  platform: Platform,
  caller: Caller | null,
  appId: string,
  name: string,
): Promise<void> {
  await requireAppOwner(platform, caller, appId);
  if (name === USER_ENTITY) throw new AppError('entity/builtin');
  if (!(await deleteEntity(platform.db, appId, name))) throw new AppError('entity/not-found');
}
