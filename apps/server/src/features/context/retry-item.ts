import { AppError, type ContextItem } from '@buildai/domain';
import type { Builder } from './ingest';
import { loadOwnedItem, toContextItem } from './items';
import { queueIngestJob } from './queue-ingest';
import { updateItem } from './update-item';

/** POST /api/context/{id}/retry: a failed item is synced again. */
export async function retryItem(b: Builder, itemId: string): Promise<ContextItem> {
  const item = await loadOwnedItem(b.platform.db, b.account.accountId, itemId);
  // only a failed item goes back: the conditional update keeps two retries at once from queueing it twice
  const row = await updateItem({
    platform: b.platform,
    itemId: item.id,
    patch: { status: 'pending', errorMessage: null },
    from: ['error'],
  });
  if (!row) throw new AppError('context/not-retryable');
  await queueIngestJob(b.platform, row.id);
  return toContextItem(row);
}
