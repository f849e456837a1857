// What the item use-cases (list-items, rename-item, retry-item, delete-item, …) and the ingestion share.
import { and, eq } from 'drizzle-orm';
import { AppError, type ContextItem, type ContextItemEvent } from '@buildai/domain';
import type { Db } from '../../db/client';
import { apps, contextItems } from '../../db/schema';
import { editsApp } from '../apps';

export type ContextItemRow = typeof contextItems.$inferSelect;
export type NewContextItem = typeof contextItems.$inferInsert;

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

/** An item of an app the account edits (owner or collaborator); any other item answers 404 as if it did not exist. */
export async function loadOwnedItem(db: Db, accountId: string, itemId: string): Promise<ContextItemRow> {
  const [found] = await db
    .select({ item: contextItems })
    .from(contextItems)
    .innerJoin(apps, eq(apps.appId, contextItems.appId))
    .where(and(eq(contextItems.id, itemId), editsApp(accountId)));
  if (!found) throw new AppError('context/not-found');
  return found.item;
}

/** Where an item's original is kept: under the account, app and item. */
export function itemBlobKey(item: { accountId: string; appId: string; id: string }, file: string): string {
  return `context/${item.accountId}/${item.appId}/${item.id}/${file}`;
}
