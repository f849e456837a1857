import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AssistantMessageMetadata } from '@buildai/domain';
import { accounts } from './identity';
import { apps, runs } from './apps';

/**
 * One conversation of an end user with an app's chat assistant (decision 0010). The id is the client's chat id,
 * unique per app and user: the same id from another user is another user's conversation and is refused.
 * @owner assistant
 */
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    /** the row's own id */
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    /** the client's chat id */
    conversationId: text('conversation_id').notNull(),
    /** `acct:{userId}`, `anon:{uid}` or `key:{apiKeyId}`, as in runs */
    userKey: text('user_key').notNull(),
    title: text('title').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assistant_conversations_uq').on(t.appId, t.userKey, t.conversationId),
    index('assistant_conversations_user_idx').on(t.appId, t.userKey, t.updatedAt),
  ],
);

/**
 * A message of a conversation, stored as the AI SDK's UI message (parts and metadata).
 * @owner assistant
 */
export const assistantMessages = pgTable(
  'assistant_messages',
  {
    id: text('id').primaryKey(),
    conversationRowId: text('conversation_row_id')
      .notNull()
      .references(() => assistantConversations.id, { onDelete: 'cascade' }),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    parts: jsonb('parts').$type<Array<{ type: string; [key: string]: unknown }>>().notNull(),
    metadata: jsonb('metadata').$type<AssistantMessageMetadata>(),
    /** the run row counting an assistant's answer (limits, credits, analytics) */
    runId: text('run_id').references(() => runs.runId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistant_messages_conversation_idx').on(t.conversationRowId, t.createdAt),
    // the logs find an answer's conversation by its run (decision 0018)
    index('assistant_messages_run_idx').on(t.runId),
  ],
);

/**
 * An app's API key (decision 0010): only a SHA-256 of the key is kept, and its first characters to show. Revoking
 * sets `revokedAt`; a revoked key is refused at once and left out of the list.
 * @owner api-keys
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `bai_sk_` and the first characters after it */
    prefix: text('prefix').notNull(),
    /** base64url SHA-256 of the whole key */
    keyHash: text('key_hash').notNull(),
    createdByAccountId: text('created_by_account_id').references(() => accounts.accountId, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash), index('api_keys_app_idx').on(t.appId, t.createdAt)],
);
