import { AppError, type ContextItem } from '@buildai/domain';
import type { Builder } from './ingest';
import { loadOwnedItem, toContextItem } from './items';
import { updateItem } from './update-item';

/**
 * PATCH /api/context/{id}: the item's new name. The name is asked for once the item is known to be the caller's, so
 * another account's item answers 404 whatever the body (a route's body is validated after its own checks).
 */
export async function renameItem(
  b: Builder,
  itemId: string,
  newName: () => Promise<string>,
): Promise<ContextItem> {
  const item = await loadOwnedItem(b.platform.db, b.account.accountId, itemId);
  const row = await updateItem({ platform: b.platform, itemId: item.id, patch: { name: await newName() } });
  if (!row) throw new AppError('context/not-found');
  return toContextItem(row);
}
