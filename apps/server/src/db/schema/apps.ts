import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { AiApp, AppType, Citation, RunSource, ToolStatus, UsageRecord } from '@buildai/domain';
import { accounts } from './identity';

/**
 * @owner apps
 * @writers app-templates assistant claims payments spaces
 */
export const apps = pgTable(
  'apps',
  {
    appId: text('app_id').primaryKey(),
    ownerAccountId: text('owner_account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    appType: text('app_type').$type<AppType | 'chat'>().notNull(),
    /**
     * a chat app's parent: the app whose assistant it is (decision 0010). Same owner as the parent; claims move
     * both; collaborators of the parent edit it; app lists leave it out.
     */
    parentAppId: text('parent_app_id').references((): AnyPgColumn => apps.appId, { onDelete: 'cascade' }),
    header: text('header').notNull().default(''),
    description: text('description').notNull().default(''),
    /** generated-app definition (genApp); tool apps keep their definitions on their tools */
    genApp: jsonb('gen_app').$type<Record<string, unknown>>(),
    appStyle: jsonb('app_style').$type<Record<string, unknown>>().notNull().default({}),
    appSettings: jsonb('app_settings').$type<Record<string, unknown>>().notNull().default({}),
    isPublished: boolean('is_published').notNull().default(false),
    /** the host name serving the app's public pages at `/` (appSettings.customDomain, kept here to be unique) */
    customDomain: text('custom_domain'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('apps_owner_idx').on(t.ownerAccountId),
    index('apps_parent_idx').on(t.parentAppId),
    uniqueIndex('apps_custom_domain_uq').on(t.customDomain),
  ],
);

/**
 * @owner apps
 * @writers app-templates
 */
export const tools = pgTable(
  'tools',
  {
    toolId: text('tool_id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    path: text('path').notNull(),
    status: text('status').$type<ToolStatus>().notNull().default('draft'),
    imageUrl: text('image_url'),
    position: integer('position').notNull().default(0),
    definition: jsonb('definition').$type<AiApp>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tools_app_path_uq').on(t.appId, t.path)],
);

/**
 * One run of a tool by anyone, with what it was asked and what it answered.
 * @owner runtime
 * @writers assistant logs
 */
export const runs = pgTable(
  'runs',
  {
    runId: text('run_id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    /** the tool that ran; null for a turn of the app's chat assistant */
    toolId: text('tool_id').references(() => tools.toolId, { onDelete: 'cascade' }),
    /** where the run came from: the app's page, the embedded widget, the REST or OpenAI-compatible API, MCP */
    source: text('source').$type<RunSource>().notNull().default('web'),
    /** the API key the run was made with (REST, MCP, OpenAI-compatible) */
    apiKeyId: text('api_key_id'),
    accountId: text('account_id'),
    /** who ran it: `acct:{userId}` for a signed-in user, `anon:{uid}` for a visitor known by the bai_uid cookie */
    userKey: text('user_key').notNull().default(''),
    /**
     * for an anonymous visitor, `ip:{hash}` of their client address: the run limits count the visitor by cookie
     * and by address, so a new browser window does not reset them (docs/decisions/0006)
     */
    clientKey: text('client_key'),
    /** the app's credits per run when it ran (0 when the provider failed it) */
    credits: integer('credits').notNull().default(0),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    output: text('output').notNull().default(''),
    status: text('status').$type<'running' | 'succeeded' | 'failed'>().notNull(),
    model: text('model').notNull(),
    usage: jsonb('usage').$type<UsageRecord>(),
    /** the data source items whose chunks went into the prompt */
    contextItemIds: jsonb('context_item_ids').$type<string[]>().notNull().default([]),
    /** those items with the passages the model read, as the run's `start` event listed them (decision 0017) */
    citations: jsonb('citations').$type<Citation[]>().notNull().default([]),
    errorCode: text('error_code'),
    /** the end user's thumbs up or down on the result or answer, with their optional reason (decision 0018) */
    rating: text('rating').$type<'up' | 'down'>(),
    ratingReason: text('rating_reason'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /**
     * when the run's inputs and answer were erased (deleted from the logs, past the app's retention, or not kept at
     * all): the row stays so run limits and analytics still count it (decision 0018)
     */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('runs_app_idx').on(t.appId, t.createdAt),
    // the logs: an app's kept runs, newest first, paged by (created_at, run_id)
    index('runs_logs_idx')
      .on(t.appId, t.createdAt.desc(), t.runId.desc())
      .where(sql`${t.erasedAt} is null`),
    // a user's runs of an app by time: the daily and weekly run limits count these
    index('runs_app_user_idx').on(t.appId, t.userKey, t.createdAt),
    index('runs_app_client_idx').on(t.appId, t.clientKey, t.createdAt),
  ],
);
