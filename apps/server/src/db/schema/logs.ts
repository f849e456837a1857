import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './identity';
import { apps } from './apps';

/**
 * An app's privacy settings for what its users asked (decision 0018); no row: kept until deleted.
 * @owner logs
 */
export const appPrivacy = pgTable(
  'app_privacy',
  {
    appId: text('app_id')
      .primaryKey()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    /** days runs' inputs and answers and conversations are kept; null: until deleted */
    retentionDays: integer('retention_days'),
    /** false: erased as soon as a run ends */
    keepConversations: boolean('keep_conversations').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('app_privacy_retention_idx').on(t.retentionDays)],
);

/**
 * Each time a builder showed personal fields of the logs unmasked (decision 0018).
 * @owner logs
 */
export const logReveals = pgTable(
  'log_reveals',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    accountId: text('account_id').references(() => accounts.accountId, { onDelete: 'set null' }),
    email: text('email').notNull(),
    what: text('what').$type<'list' | 'export' | 'run'>().notNull(),
    /** the run shown, for `run` */
    runId: text('run_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('log_reveals_app_idx').on(t.appId, t.createdAt)],
);
