import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  AppError,
  LIVE_CONTEXT_STATUSES,
  type ContextItem,
  type ContextItemEvent,
  type ContextItemStatus,
} from '@buildai/domain';
import type { Db } from '../../db/client';
import { apps, contextItems } from '../../db/schema';
import type { Platform } from '../../platform';
import { refreshChunkStatistics } from './statistics';
import { publishItemEvent } from './events';

export type ContextItemRow = typeof contextItems.$inferSelect;
export type NewContextItem = typeof contextItems.$inferInsert;

/** The job that ingests one item. */
export const INGEST_JOB = 'context.ingest';
export interface IngestJobData {
  itemId: string;
}

export function toContextItem(row: ContextItemRow): ContextItem {
  return {
    id: row.id,
    name: row.name,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    type: row.type,
    source: row.source,
    status: row.status,
    numOfChunks: row.numOfChunks,
    externalFileUrl: row.externalFileUrl,
    externalFileId: row.externalFileId,
    providerItemId: row.providerItemId,
    provider: row.provider,
    originalContextItemId: row.originalContextItemId,
    errorMessage: row.errorMessage,
  };
}

export function toItemEvent(row: ContextItemRow): ContextItemEvent {
  return {
    id: row.id,
    status: row.status,
    numOfChunks: row.numOfChunks,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    errorMessage: row.errorMessage,
  };
}

/** An item of an app the account owns; any other item answers 404 as if it did not exist. */
export async function loadOwnedItem(db: Db, accountId: string, itemId: string): Promise<ContextItemRow> {
  const [found] = await db
    .select({ item: contextItems })
    .from(contextItems)
    .innerJoin(apps, eq(apps.appId, contextItems.appId))
    .where(and(eq(contextItems.id, itemId), eq(apps.ownerAccountId, accountId)));
  if (!found) throw new AppError('context/not-found');
  return found.item;
}

/** The app's items, newest first; `liveOnly` keeps those still unsynced, pending or running. */
export async function listItems(db: Db, appId: string, liveOnly: boolean): Promise<ContextItemRow[]> {
  return db
    .select()
    .from(contextItems)
    .where(
      and(
        eq(contextItems.appId, appId),
        liveOnly ? inArray(contextItems.status, [...LIVE_CONTEXT_STATUSES]) : undefined,
      ),
    )
    .orderBy(desc(contextItems.createdAt), desc(contextItems.id));
}

/**
 * Writes a status change and announces it on the app's channel. `from` makes the change conditional (e.g. only an
 * item still running is marked synced); answers the updated row, or null when the item is gone or elsewhere.
 */
export async function updateItem(
  platform: Platform,
  itemId: string,
  patch: Partial<NewContextItem> & { status?: ContextItemStatus },
  from?: readonly ContextItemStatus[],
): Promise<ContextItemRow | null> {
  const [row] = await platform.db
    .update(contextItems)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contextItems.id, itemId), from ? inArray(contextItems.status, [...from]) : undefined))
    .returning();
  if (!row) return null;
  if (patch.status) await publishItemEvent(platform, row.appId, toItemEvent(row));
  return row;
}

/** Queues an item's ingestion: it turns pending first, so the job never finds it unsynced. */
export async function enqueueIngest(platform: Platform, itemId: string): Promise<void> {
  await updateItem(platform, itemId, { status: 'pending', errorMessage: null });
  await queueIngestJob(platform, itemId);
}

/** Queues the job of an item already pending; the item ends in error if the queue refuses it. */
export async function queueIngestJob(platform: Platform, itemId: string): Promise<void> {
  try {
    await platform.jobs.enqueue<IngestJobData>(INGEST_JOB, { itemId });
  } catch (err) {
    platform.logger.error({ err, itemId }, 'could not queue a data item');
    await updateItem(platform, itemId, { status: 'error', errorMessage: 'Could not be queued' });
    throw new AppError('internal');
  }
}

/**
 * Removes an item with its chunks (by cascade) and its stored original; the embedded database's counts of the chunks
 * are refreshed afterwards, when they have gone stale, without holding up the caller.
 */
export async function deleteItem(platform: Platform, item: ContextItemRow): Promise<void> {
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

/** Where an item's original is kept: under the account, app and item. */
export function itemBlobKey(item: { accountId: string; appId: string; id: string }, file: string): string {
  return `context/${item.accountId}/${item.appId}/${item.id}/${file}`;
}
