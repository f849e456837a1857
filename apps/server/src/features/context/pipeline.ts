import { eq, sql } from 'drizzle-orm';
import { errorCatalogue, monthlyDataLimit } from '@buildai/domain';
import { newId } from '../../db/ids';
import { contextChunks, contextItems, contextUsage } from '../../db/schema';
import type { Platform } from '../../platform';
import { chunkBatches, extractedChars } from './chunk';
import { cleanExtracted } from './clean-text';
import { publishItemEvent } from './events';
import { toItemEvent, type ContextItemRow } from './items';
import { lockAccount, monthlyUsage, planOfAccount } from './limits';
import { refreshChunkStatistics } from './statistics';
import { embedChunks } from './retrieval/embed-chunks';
import { EmbeddingSizeMismatch } from './retrieval/vector-index';

/** Text taken out of a source, ready to be cut into chunks. */
export type ExtractedText =
  | { kind: 'prose'; text: string }
  /** prose read part by part (a PDF a few pages at a time), cut into chunks as it arrives */
  | { kind: 'prose-parts'; parts: AsyncIterable<string> }
  /** a table: the header line and each row as one line of CSV, kept whole */
  | { kind: 'table'; header: string; rows: string[] }
  /** a table read row by row: its lines as they come, the header line first */
  | { kind: 'table-lines'; lines: AsyncIterable<string> };

/**
 * Chunks per insert statement: each statement commits on its own, so in the embedded database, which runs one
 * statement at a time, other requests wait at most one batch (about 0.1 s) for their turn.
 */
const INSERT_BATCH = 250;

export interface StoreExtractedTextOptions {
  platform: Platform;
  itemId: string;
  extracted: ExtractedText;
  signal?: AbortSignal;
  /** the owner's plan, when the caller has read it already */
  plan?: string;
}

/**
 * Cuts an item's extracted text into chunks and stores them while the item stays running (retrieval reads synced
 * items only), a batch at a time as the text arrives, so reading a long document and storing its first chunks
 * go on together. Then it counts the characters against the monthly data limit, has the chunks embedded when an
 * embedding model is configured, and only then marks the item synced. Earlier chunks of the item go first; when
 * anything fails, its chunks go too.
 *
 * An item whose characters would take the account past its plan's monthly limit ends `usage_limit_reached` with no
 * chunks (text read as it comes stops being read once it is past). An item deleted meanwhile is left alone. When
 * embedding fails the chunks go again and the item ends `error`. Once synced, the embedded database's counts of the
 * chunks are refreshed when they have gone stale.
 */
export async function storeExtractedText({
  platform,
  itemId,
  extracted,
  signal,
  plan,
}: StoreExtractedTextOptions): Promise<void> {
  const [item] = await platform.db.select().from(contextItems).where(eq(contextItems.id, itemId));
  if (!item) return;
  extracted = cleanExtracted(extracted);
  const limit = monthlyDataLimit(plan ?? (await planOfAccount(platform, item.accountId)));
  // what the month has left now; counted again under the account's lock before the item's characters are added
  const left = limit - (await monthlyUsage(platform.db, item.accountId));
  const known = extractedChars(extracted);
  let overLimit = known !== undefined && known > left;
  let chunks = 0;
  let chars = known ?? 0;

  await deleteChunks(platform, itemId);
  if (!overLimit) {
    const writes = boundedWrites(platform.database.kind === 'postgres' ? 2 : 1);
    try {
      for await (const batch of chunkBatches(extracted, INSERT_BATCH)) {
        chars = batch.chars;
        if (chars > left) {
          overLimit = true;
          break;
        }
        if (batch.chunks.length > 0) {
          await writes.add(insertChunks({ platform, item, position: chunks, contents: batch.chunks }));
          chunks += batch.chunks.length;
          // the embedded database answers on this thread, without waiting on I/O: let requests in between batches
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await writes.done();
    } catch (err) {
      // a batch still being written would otherwise land after the delete below
      await writes.settled();
      // an item deleted meanwhile takes its chunks with it, and the next insert fails on its key
      const gone = !(await itemExists(platform, itemId));
      await deleteChunks(platform, itemId).catch(() => {});
      if (gone) return;
      throw err;
    }
  }

  if (!overLimit && chunks === 0) {
    // a scan or a file of images: nothing to find it by, and the builder is told so instead of a silent sync
    await failItem(platform, item, errorCatalogue['context/no-text-found'].message);
    return;
  }

  const now = new Date();
  const usageId = newId();
  const stored = await platform.db.transaction(async (tx) => {
    await lockAccount(platform, tx, item.accountId);
    if (!overLimit) overLimit = (await monthlyUsage(tx, item.accountId)) + chars > limit;
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
              numOfChunks: chunks,
              processedChars: chars,
              errorMessage: null,
              updatedAt: now,
            },
      )
      .where(eq(contextItems.id, itemId))
      .returning();
    if (!row) return null;
    if (overLimit) await tx.delete(contextChunks).where(eq(contextChunks.itemId, itemId));
    else await tx.insert(contextUsage).values({ id: usageId, accountId: row.accountId, itemId, chars });
    return row;
  });
  if (!stored) return;
  if (stored.status === 'running') await mergeFullTextPending(platform, itemId);
  let final = stored;
  if (stored.status === 'running') {
    let note: string | null = null;
    try {
      await embedChunks(platform, itemId, signal).catch((err: unknown) => {
        if (!(err instanceof EmbeddingSizeMismatch)) throw err;
        // the words still find the item: it syncs, and the builder and the operator hear what to change
        platform.logger.warn({ itemId }, `${err.message} (the item is found by its words)`);
        note = err.builderMessage;
      });
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
      .set({ status: 'synced', errorMessage: note, lastSyncedAt: syncedAt, updatedAt: syncedAt })
      .where(eq(contextItems.id, itemId))
      .returning();
    if (!synced) return; // deleted meanwhile
    final = synced;
  }
  await publishItemEvent(platform, final.appId, toItemEvent(final));
  if (final.status === 'synced') await refreshChunkStatistics(platform);
}

interface InsertChunksOptions {
  platform: Platform;
  item: ContextItemRow;
  position: number;
  contents: string[];
}

/** Stores chunks from `position` on, from one JSON parameter (a parameter per value costs more than the rows). */
async function insertChunks({ platform, item, position, contents }: InsertChunksOptions): Promise<void> {
  const rows = contents.map((content, j) => ({ id: newId(), position: position + j, content }));
  await platform.db.execute(sql`
    insert into context_chunks (id, item_id, app_id, position, content)
    select r.id, ${item.id}, ${item.appId}, r.position, r.content
    from json_to_recordset(${JSON.stringify(rows)}::json) as r(id text, position integer, content text)`);
}

/**
 * Runs writes with at most `max` under way: PostgreSQL computes two batches' full-text vectors on two connections
 * at once; the embedded database runs one statement at a time anyway. `add` waits for room; `done` for all of
 * them, and throws the first failure; `settled` only waits.
 */
function boundedWrites(max: number) {
  const running = new Set<Promise<void>>();
  let failure: { err: unknown } | undefined;
  const check = () => {
    if (failure) throw failure.err;
  };
  return {
    async add(write: Promise<void>) {
      const tracked: Promise<void> = write
        .catch((err: unknown) => {
          failure ??= { err };
        })
        .finally(() => running.delete(tracked));
      running.add(tracked);
      if (running.size >= max) await Promise.race(running);
      check();
    },
    async done() {
      await Promise.all(running);
      check();
    },
    /** waits for the writes under way, whatever their outcome */
    async settled() {
      await Promise.all(running);
    },
  };
}

async function deleteChunks(platform: Platform, itemId: string): Promise<void> {
  await platform.db.delete(contextChunks).where(eq(contextChunks.itemId, itemId));
}

async function itemExists(platform: Platform, itemId: string): Promise<boolean> {
  const [row] = await platform.db
    .select({ id: contextItems.id })
    .from(contextItems)
    .where(eq(contextItems.id, itemId));
  return row !== undefined;
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
