import { and, eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { contextItems } from '../../db/schema';
import type { Platform } from '../../platform';
import { loadItemOfApp } from './ingest';
import { removeItem } from './delete-item';

export interface ReplaceDataItemOptions {
  platform: Platform;
  appId: string;
  oldItemId: string;
  newItemId: string;
}

/**
 * The new item takes the old one's place: it keeps the first item's id as `originalContextItemId` (so a data item
 * that was replaced several times still names its first item), and the old item goes with its chunks and file.
 */
export async function replaceDataItem({
  platform,
  appId,
  oldItemId,
  newItemId,
}: ReplaceDataItemOptions): Promise<{ contextItemId: string }> {
  if (oldItemId === newItemId) {
    throw new AppError('request/invalid', { message: 'newItemId: choose another item', field: 'newItemId' });
  }
  const oldItem = await loadItemOfApp(platform, appId, oldItemId);
  const newItem = await loadItemOfApp(platform, appId, newItemId);
  await platform.db
    .update(contextItems)
    .set({ originalContextItemId: oldItem.originalContextItemId ?? oldItem.id, updatedAt: new Date() })
    .where(and(eq(contextItems.id, newItem.id), eq(contextItems.appId, appId)));
  await removeItem(platform, oldItem);
  return { contextItemId: newItem.id };
}
