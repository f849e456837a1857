import { eq, sql } from 'drizzle-orm';
import { monthlyDataLimit } from '@buildai/domain';
import { newId } from '../../db/ids';
import { contextChunks, contextItems, contextUsage } from '../../db/schema';
import type { Platform } from '../../platform';
import { chunkExtracted, extractedChars } from './chunk';
import { publishItemEvent } from './events';
import { toItemEvent, type ContextItemRow } from './items';
import { lockAccount, monthlyUsage, planOfAccount } from './limits';
import { embedChunks } from './retrieval/embed-chunks';

/** Text taken out of a source, ready to be cut into chunks. */
export type ExtractedText =
  | { kind: 'prose'; text: string }
  /** a table: the header line and each row as one line of CSV, kept whole */
  | { kind: 'table'; header: string; rows: string[] };

/** Chunks per insert statement. */
const INSERT_BATCH = 1000;

/**
 * Cuts an item's extracted text into chunks and stores them in one transaction (replacing any earlier chunks) while
 * the item stays running, counts the characters against the monthly data limit, has the chunks embedded when an
 * embedding model is configured, and only then marks the item synced (retrieval reads synced items only). Nothing
 * is left written when it fails.
 *
 * An item whose characters would take the account past its plan's monthly limit ends `usage_limit_reached` with no
 * chunks. An item deleted meanwhile is left alone. When embedding fails the chunks go again and the item ends
 * `error`.
 */
export async function storeExtractedText(
  platform: Platform,
  itemId: string,
  extracted: ExtractedText,
  signal?: AbortSignal,
): Promise<void> {
  const [item] = await platform.db.select().from(contextItems).where(eq(contextItems.id, itemId));
  if (!item) return;
  const plan = await planOfAccount(platform, item.accountId);
  const chars = extractedChars(extracted);
  const pieces = chunkExtracted(extracted);
  const now = new Date();
  const usageId = newId();

  const stored = await platform.db.transaction(async (tx) => {
    await lockAccount(platform, tx, item.accountId);
    const used = await monthlyUsage(tx, item.accountId);
    const overLimit = used + chars > monthlyDataLimit(plan);
    const [row] = await tx
      .update(contextItems)
      .set(
        overLimit
          ? {
              status: 'usage_limit_reached',
              numOfChunks: 0,
              processedChars: 0,
              errorMessage: null,
              updatedAt: now,
            }
          : {
              status: 'running',
              numOfChunks: pieces.length,
              processedChars: chars,
              errorMessage: null,
              updatedAt: now,
            },
      )
      .where(eq(contextItems.id, itemId))
      .returning();
    if (!row) return null;
    await tx.delete(contextChunks).where(eq(contextChunks.itemId, itemId));
    if (!overLimit) {
      await tx.insert(contextUsage).values({ id: usageId, accountId: row.accountId, itemId, chars });
      for (let i = 0; i < pieces.length; i += INSERT_BATCH) {
        const rows = pieces
          .slice(i, i + INSERT_BATCH)
          .map((content, j) => ({ id: newId(), position: i + j, content }));
        // one JSON parameter per batch: a statement with a parameter per value costs more to send and parse than
        // the rows themselves
        await tx.execute(sql`
          insert into context_chunks (id, item_id, app_id, position, content)
          select r.id, ${itemId}, ${row.appId}, r.position, r.content
          from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, position integer, content text)`);
      }
    }
    return row;
  });
  if (!stored) return;
  if (stored.status === 'running') await mergeFullTextPending(platform, itemId);
  let final = stored;
  if (stored.status === 'running') {
    try {
      await embedChunks(platform, itemId, signal);
    } catch (err) {
      platform.logger.warn({ err, itemId }, 'could not embed a data item');
      // nothing was indexed: the characters go back to the month
      await platform.db.delete(contextUsage).where(eq(contextUsage.id, usageId));
      await failItem(platform, stored, 'The data could not be indexed, try again later');
      return;
    }
    const syncedAt = new Date();
    const [synced] = await platform.db
      .update(contextItems)
      .set({ status: 'synced', lastSyncedAt: syncedAt, updatedAt: syncedAt })
      .where(eq(contextItems.id, itemId))
      .returning();
    if (!synced) return; // deleted meanwhile
    final = synced;
  }
  await publishItemEvent(platform, final.appId, toItemEvent(final));
}

/**
 * Moves the full-text index's pending entries (where new chunks' words wait, GIN's fast update) into the index
 * proper. Every full-text search reads that list from start to end; PostgreSQL's autovacuum empties it now and then,
 * but the embedded database has no autovacuum, so each item's ingestion empties it, in bulk. A failure is only logged:
 * the entries are still found, more slowly.
 */
async function mergeFullTextPending(platform: Platform, itemId: string): Promise<void> {
  try {
    await platform.db.execute(sql`select gin_clean_pending_list('context_chunks_tsv_idx'::regclass)`);
  } catch (err) {
    platform.logger.warn({ err, itemId }, 'could not merge the full-text index pending list');
  }
}

/** Ends an item in error, with no chunks left behind. */
export async function failItem(platform: Platform, item: ContextItemRow, message: string): Promise<void> {
  const row = await platform.db.transaction(async (tx) => {
    await tx.delete(contextChunks).where(eq(contextChunks.itemId, item.id));
    const [updated] = await tx
      .update(contextItems)
      .set({
        status: 'error',
        errorMessage: message,
        numOfChunks: 0,
        processedChars: 0,
        updatedAt: new Date(),
      })
      .where(eq(contextItems.id, item.id))
      .returning();
    return updated;
  });
  if (row) await publishItemEvent(platform, row.appId, toItemEvent(row));
}
