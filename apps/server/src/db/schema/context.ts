import { sql } from 'drizzle-orm';
import { customType, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ContextItemSource, ContextItemStatus, ContextItemType } from '@buildai/domain';
import { apps } from './apps';
import { accounts } from './identity';

/** PostgreSQL full-text vector, generated from the chunk's text. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

/**
 * pgvector without a fixed dimension: the embedding model is configuration, so the column takes any size and
 * an HNSW index is built per configured dimension (an expression index on `embedding::vector(n)`).
 */
const vector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => `[${value.join(',')}]`,
  fromDriver: (value) =>
    String(value)
      .replace(/^\[|\]$/g, '')
      .split(',')
      .filter(Boolean)
      .map(Number),
});

/**
 * A data source item of an app (spec 000 §3 Context item).
 * @owner context
 * @writers claims integrations
 */
export const contextItems = pgTable(
  'context_items',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    type: text('type').$type<ContextItemType>().notNull(),
    source: text('source').$type<ContextItemSource>().notNull(),
    status: text('status').$type<ContextItemStatus>().notNull().default('unsynced'),
    /** bytes of the original (file size, or the text's UTF-8 length) */
    size: integer('size').notNull().default(0),
    numOfChunks: integer('num_of_chunks').notNull().default(0),
    /** characters of text extracted, counted against the monthly data processing limit */
    processedChars: integer('processed_chars').notNull().default(0),
    /** the uploaded original in blobs, or the pasted text */
    blobKey: text('blob_key'),
    mimeType: text('mime_type'),
    externalFileUrl: text('external_file_url'),
    externalFileId: text('external_file_id'),
    providerItemId: text('provider_item_id'),
    provider: text('provider'),
    /** an item that replaced another keeps the first one's id here (spec 001 §3 data item) */
    originalContextItemId: text('original_context_item_id'),
    errorMessage: text('error_message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSyncedAt: timestamp('last_synced_at', { withTimezone: true }),
  },
  (t) => [index('context_items_app_idx').on(t.appId), index('context_items_account_idx').on(t.accountId)],
);

/**
 * The characters of text each processing of an item took from its account's monthly data limit. A ledger, so that
 * deleting or replacing an item never gives back what was already processed; an item that fails to index is
 * refunded (its entry removed). Entries outlive their item.
 * @owner context
 */
export const contextUsage = pgTable(
  'context_usage',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    chars: integer('chars').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('context_usage_account_idx').on(t.accountId, t.createdAt)],
);

/**
 * Pieces of an item's text, searched by full text and, with an embedding model, by vector.
 * @owner context
 */
export const contextChunks = pgTable(
  'context_chunks',
  {
    id: text('id').primaryKey(),
    itemId: text('item_id')
      .notNull()
      .references(() => contextItems.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    /** storage MAIN (migration 0006, which drizzle-kit does not model): kept in the row, where ranking reads it */
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(sql`context_search_vector(content)`),
    embedding: vector('embedding'),
  },
  (t) => [
    index('context_chunks_item_idx').on(t.itemId, t.position),
    index('context_chunks_app_idx').on(t.appId),
    index('context_chunks_tsv_idx').using('gin', t.tsv),
  ],
);
