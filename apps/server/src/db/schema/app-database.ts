import { foreignKey, index, json, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { EntitySchema } from '@buildai/domain';
import { apps } from './apps';

/**
 * An app's entities (architecture §7a): a JSON schema each, with its read and write permissions inside.
 * @owner entities
 * @writers app-templates
 */
export const appEntities = pgTable(
  'app_entities',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    schema: json('schema').$type<EntitySchema>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.appId, t.name] })],
);

/**
 * One table for every app's records (architecture §7a). Removing an entity removes its records (the foreign key); a list
 * reads newest first by (created_at, id), with or without the creator (the `creator` read rule).
 * @owner entities
 * @writers app-validation
 */
export const appRecords = pgTable(
  'app_records',
  {
    id: text('id').primaryKey(),
    appId: text('app_id').notNull(),
    entity: text('entity').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** the account that created it (an end user of the app's tenant, or a builder); null for a visitor */
    creatorId: text('creator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.appId, t.entity], foreignColumns: [appEntities.appId, appEntities.name] })
      .onDelete('cascade')
      .onUpdate('cascade'),
    index('app_records_list_idx').on(
      t.appId,
      t.entity,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('app_records_creator_idx').on(
      t.appId,
      t.entity,
      t.creatorId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);
