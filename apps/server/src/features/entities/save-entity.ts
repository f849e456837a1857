import {
  AppError,
  USER_ENTITY,
  entityNameSchema,
  type EntityEntry,
  type EntitySchema,
} from '@buildai/domain';
import type { Caller } from '../../http/context';
import { validateWith } from '../../http/validation';
import type { Platform } from '../../platform';
import { requireAppOwner } from './access';
import { putEntity } from './entity-store';

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
  const { created } = await putEntity({ db: platform.db, appId, name, schema });
  return { entry: { name, schema }, created };
}
