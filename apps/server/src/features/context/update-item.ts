import { and, eq, inArray } from 'drizzle-orm';
import type { ContextItemStatus } from '@buildai/domain';
import { contextItems } from '../../db/schema';
import type { Platform } from '../../platform';
import { publishItemEvent } from './events';
import { toItemEvent, type ContextItemRow, type NewContextItem } from './items';

export interface UpdateItemOptions {
  platform: Platform;
  itemId: string;
  patch: Partial<NewContextItem> & { status?: ContextItemStatus };
  from?: readonly ContextItemStatus[];
}

/**
 * Writes a status change and announces it on the app's channel. `from` makes the change conditional (e.g. only an
 * item still running is marked synced); answers the updated row, or null when the item is gone or elsewhere.
 */
export async function updateItem({
  platform,
  itemId,
  patch,
  from,
}: UpdateItemOptions): Promise<ContextItemRow | null> {
  const [row] = await platform.db
    .update(contextItems)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(contextItems.id, itemId), from ? inArray(contextItems.status, [...from]) : undefined))
    .returning();
  if (!row) return null;
  if (patch.status) await publishItemEvent(platform, row.appId, toItemEvent(row));
  return row;
}
