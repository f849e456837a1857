import { and, eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { newId } from '../../db/ids';
import { contextItems } from '../../db/schema';
import type { Platform } from '../../platform';
import type { AccountRow } from '../accounts';
import type { AppRow } from '../apps';
import { itemBlobKey, type ContextItemRow, type NewContextItem } from './items';
import { enqueueIngest } from './queue-ingest';
import { assertRoomForItems, lockAccount } from './limits';

export interface Builder {
  platform: Platform;
  account: AccountRow;
  /** the plan whose limits apply (admins: 'moon') */
  plan: string;
}

export type ItemFields = Omit<NewContextItem, 'id' | 'appId' | 'accountId'> & { id?: string };

export interface AddItemsOptions {
  builder: Builder;
  app: AppRow;
  fields: ItemFields[];
  /** how many of the items count as uploaded files */
  files: number;
  /** an item about to be replaced, which does not count against the limits */
  exceptItemId?: string;
}

/**
 * Adds items to an app within the plan's limits (checked and written under the account's lock, so two uploads at
 * once cannot both take the last place) and queues their ingestion.
 */
export async function addItems({
  builder: b,
  app,
  fields,
  files,
  exceptItemId,
}: AddItemsOptions): Promise<ContextItemRow[]> {
  const { platform, account } = b;
  const rows = await platform.db.transaction(async (tx) => {
    await lockAccount(platform, tx, account.accountId);
    await assertRoomForItems({
      tx,
      accountId: account.accountId,
      plan: b.plan,
      adding: { items: fields.length, files },
      exceptItemId,
    });
    return tx
      .insert(contextItems)
      .values(
        fields.map((f) => ({
          ...f,
          id: f.id ?? newId(),
          appId: app.appId,
          accountId: account.accountId,
          status: 'unsynced' as const,
        })),
      )
      .returning();
  });
  for (const row of rows) await enqueueIngest(platform, row.id);
  return rows;
}

export interface AddStoredItemOptions extends Omit<AddItemsOptions, 'fields'> {
  fields: Omit<ItemFields, 'blobKey'>;
  /** the original, stored before the item is added */
  bytes: Uint8Array;
  /** its file name in the item's folder of the blob store, e.g. `original.pdf` */
  blobName: string;
}

/** Stores an original first, then adds its item; the stored copy goes again if the item is refused. */
export async function addStoredItem({
  fields,
  bytes,
  blobName,
  ...add
}: AddStoredItemOptions): Promise<ContextItemRow> {
  const { builder: b, app } = add;
  const id = newId();
  const blobKey = itemBlobKey({ accountId: b.account.accountId, appId: app.appId, id }, blobName);
  await b.platform.blobs.put(blobKey, bytes, { contentType: fields.mimeType ?? 'text/plain' });
  try {
    const [row] = await addItems({ ...add, fields: [{ ...fields, id, blobKey }] });
    return row!;
  } catch (err) {
    await b.platform.blobs.delete(blobKey).catch(() => undefined);
    throw err;
  }
}

/** An item of the app, or 404 (the app is already known to be the caller's). */
export async function loadItemOfApp(
  platform: Platform,
  appId: string,
  itemId: string,
): Promise<ContextItemRow> {
  const [row] = await platform.db
    .select()
    .from(contextItems)
    .where(and(eq(contextItems.id, itemId), eq(contextItems.appId, appId)));
  if (!row) throw new AppError('context/not-found');
  return row;
}

/** 'Text 2025-01-31 14:05' (UTC): the name of pasted text given none. */
export function pastedTextName(now = new Date()): string {
  return `Text ${now.toISOString().slice(0, 16).replace('T', ' ')}`;
}
