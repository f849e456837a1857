import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { GumroadResource, SaleState } from '@buildai/domain';
import { accounts } from './identity';
import { apps } from './apps';

/**
 * An app's Gumroad connection (architecture §7b): the seller's access token, AES-GCM encrypted with a key derived from
 * AUTH_SECRET, the chosen product and the resource subscriptions registered for it. The token never leaves the
 * server.
 * @owner payments
 */
export const paymentConnections = pgTable('payment_connections', {
  appId: text('app_id')
    .primaryKey()
    .references(() => apps.appId, { onDelete: 'cascade' }),
  provider: text('provider').notNull().default('gumroad'),
  /** base64 of iv ‖ ciphertext ‖ tag */
  accessTokenEncrypted: text('access_token_encrypted'),
  productId: text('product_id'),
  productName: text('product_name'),
  /** the product's page (`short_url`), where the plan dialog sends a buyer */
  productUrl: text('product_url'),
  /** the product's prices as Gumroad last answered them, for the plan dialog */
  product: jsonb('product').$type<Record<string, unknown>>(),
  /** Gumroad's ids of the resource subscriptions registered on connect, by resource name */
  resourceSubscriptions: jsonb('resource_subscriptions')
    .$type<Record<string, string>>()
    .notNull()
    .default({}),
  connectedAt: timestamp('connected_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every Gumroad ping as it arrived, stored before anything else happens (a ping is only a hint). `scope` is the
 * app id, or `platform` for the operator's own products. A duplicate (same scope, resource and body) is stored once.
 * `status` goes received → done, or failed after the last retry; a restart re-enqueues what is not done.
 * @owner payments
 */
export const paymentPings = pgTable(
  'payment_pings',
  {
    id: text('id').primaryKey(),
    scope: text('scope').notNull(),
    resourceName: text('resource_name').$type<GumroadResource | string>().notNull(),
    saleId: text('sale_id'),
    subscriptionId: text('subscription_id'),
    /** sha-256 of scope, resource name and the sorted body: the idempotency key */
    dedupeKey: text('dedupe_key').notNull(),
    body: jsonb('body').$type<Record<string, string>>().notNull(),
    status: text('status').$type<'received' | 'done' | 'failed' | 'ignored'>().notNull().default('received'),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_pings_dedupe_uq').on(t.dedupeKey),
    index('payment_pings_status_idx').on(t.status, t.receivedAt),
  ],
);

/**
 * A sale as Gumroad's own API answered it when the product looked it up (never as a ping said it). `scope` as on
 * pings. An app member is an end user of the app whose email (or linked user) holds an `alive` sale of the app's
 * product; a builder's plan follows their `platform` sales.
 * @owner payments
 */
export const paymentSales = pgTable(
  'payment_sales',
  {
    scope: text('scope').notNull(),
    saleId: text('sale_id').notNull(),
    productId: text('product_id').notNull(),
    email: text('email').notNull(),
    /** the user the sale was claimed by (sign-up with `?sale_id=`), when known */
    userId: text('user_id'),
    subscriptionId: text('subscription_id'),
    state: text('state').$type<SaleState>().notNull(),
    /** for a cancelled subscription: when the paid period ends */
    paidUntil: timestamp('paid_until', { withTimezone: true }),
    /** Gumroad's answer, kept for support */
    raw: jsonb('raw').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.saleId] }),
    index('payment_sales_email_idx').on(t.scope, t.email),
    index('payment_sales_subscription_idx').on(t.scope, t.subscriptionId),
  ],
);

/**
 * An invitation to claim an app (spec 001 §7): the code is stored hashed; three wrong codes kill it.
 * @owner claims
 */
export const claimInvitations = pgTable(
  'claim_invitations',
  {
    id: text('id').primaryKey(),
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    /** the code itself, encrypted, so the owner can copy the same invite again */
    codeEncrypted: text('code_encrypted').notNull(),
    createdByAccountId: text('created_by_account_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedByAccountId: text('used_by_account_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    deadAt: timestamp('dead_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('claim_invitations_app_idx').on(t.appId)],
);

/**
 * Builders who may edit an app besides its owner; only the owner deletes, claims out or transfers.
 * @owner claims
 */
export const appCollaborators = pgTable(
  'app_collaborators',
  {
    appId: text('app_id')
      .notNull()
      .references(() => apps.appId, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.accountId, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.appId, t.accountId] }),
    index('app_collaborators_account_idx').on(t.accountId),
  ],
);
