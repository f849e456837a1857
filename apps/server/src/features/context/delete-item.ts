import { eq } from 'drizzle-orm';
import { contextItems } from '../../db/schema';
import type { Platform } from '../../platform';
import type { Builder } from './ingest';
import { loadOwnedItem, type ContextItemRow } from './items';
import { refreshChunkStatistics } from './statistics';

/**
 * Removes an item with its chunks (by cascade) and its stored original; the embedded database's counts of the chunks
 * are refreshed afterwards, when they have gone stale, without holding up the caller.
 */
export async function removeItem(platform: Platform, item: ContextItemRow): Promise<void> {
  await platform.db.delete(contextItems).where(eq(contextItems.id, item.id));
  void refreshChunkStatistics(platform);
  if (item.blobKey) {
    try {
      await platform.blobs.delete(item.blobKey);
    } catch (err) {
      platform.logger.warn({ err, key: item.blobKey }, 'could not delete a data item file');
    }
  }
}

/** DELETE /api/context/{id}: an item of the caller's apps goes, with its chunks and its file. */
export async function deleteItem(b: Builder, itemId: string): Promise<void> {
  await removeItem(b.platform, await loadOwnedItem(b.platform.db, b.account.accountId, itemId));
}
