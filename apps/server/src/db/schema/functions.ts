import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { apps } from './apps';

/**
 * An app's secrets (spec 001 §3 "Saved secret", issue 31, decision 0014): one row per key. A row the chat asked for
 * (`request_secrets`) and the builder has not set yet has no value: `required` and missing. The value is AES-GCM
 * sealed under a key derived from AUTH_SECRET and bound to the app and key; it never leaves the server except into
 * the app's own server functions.
 * @owner functions
 */
export const appSecrets = pgTable(
  'app_secrets',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** base64 of iv ‖ ciphertext ‖ tag; null until the builder sets it */
    valueEncrypted: text('value_encrypted'),
    /** what the chat said the secret is for */
    description: text('description').notNull().default(''),
    /** where the builder finds it (spec: "Saved secret: key, value, instructions") */
    instructions: text('instructions').notNull().default(''),
    required: boolean('required').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.key] })],
);

/**
 * One call of a server function (issue 31, decision 0014): who called (kind only), how it ended, its timings and its
 * bounded console output, for the builder's function log and issues panel. Only the newest calls of an app are kept.
 * @owner functions
 */
export const appFunctionCalls = pgTable(
  'app_function_calls',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** `preview` (the builder's current files) or `published` */
    source: text('source').notNull(),
    /** anonymous, user, admin or owner */
    callerKind: text('caller_kind').notNull(),
    ok: boolean('ok').notNull(),
    /** the error code (`function/timeout`, …) and its message, shown to the builder */
    errorCode: text('error_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    cpuMs: integer('cpu_ms').notNull(),
    logs: jsonb('logs').$type<{ level: string; text: string }[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_function_calls_app_created').on(t.appId, t.createdAt)],
);
