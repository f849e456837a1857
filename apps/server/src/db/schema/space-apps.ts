import { bigint, index, json, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { AppFile, ChatAction, MessageAnnotation } from '@buildai/domain';
import { apps } from './apps';

/**
 * The current files of a space app (architecture §7): what the chat and the code editor change.
 * @owner spaces
 * @writers app-templates app-validation apps
 */
export const appFiles = pgTable(
  'app_files',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.path] })],
);

/**
 * The files visitors see at /app/{appId}: a copy of app_files taken when the builder publishes.
 * @owner apps
 */
export const appPublishedFiles = pgTable(
  'app_published_files',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.path] })],
);

/**
 * A snapshot of an app's files (and, from the app database on, its entity schemas) after a chat turn.
 * @owner spaces
 */
export const appVersions = pgTable(
  'app_versions',
  {
    versionId: text('version_id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    /** the user message whose turn made it */
    messageId: text('message_id'),
    userRequest: text('user_request').notNull().default(''),
    description: text('description').notNull().default(''),
    files: jsonb('files').$type<AppFile[]>().notNull(),
    entities: json('entities').$type<unknown[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_versions_app_idx').on(t.appId, t.createdAt.desc())],
);

/**
 * The app's chat, kept server-side as it streams (nothing is lost on reload or a dropped connection).
 * @owner spaces
 * @writers apps
 */
export const appChatMessages = pgTable(
  'app_chat_messages',
  {
    messageId: text('message_id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    /** the order of the chat */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    role: text('role').$type<'user' | 'assistant'>().notNull(),
    content: text('content').notNull().default(''),
    /** UI message parts (AI SDK format) */
    parts: jsonb('parts').$type<Array<{ type: string } & Record<string, unknown>>>().notNull().default([]),
    /** annotations[0] */
    annotation: jsonb('annotation').$type<MessageAnnotation>().notNull().default({}),
    actions: jsonb('actions').$type<ChatAction[]>().notNull().default([]),
    /** `streaming` while the assistant writes it, then `complete` or `error` */
    status: text('status').$type<'streaming' | 'complete' | 'error'>().notNull().default('complete'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_chat_messages_app_idx').on(t.appId, t.seq)],
);
