import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A sign-in identity. Email is unique per tenant (architecture §5).
 * @owner identity
 * @writers app-users entities
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** an app's end user's role on their record of the built-in User entity (`user` or `admin`); builders: `user` */
    appRole: text('app_role').notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_tenant_email_uq').on(t.tenantId, t.email)],
);

/**
 * Rotating refresh tokens, stored hashed. A reused token revokes its whole family.
 * @owner identity
 * @writers app-users
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    familyId: text('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_user_idx').on(t.userId), index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * The product account of a user (spec 000 §3 Account).
 * @owner accounts
 * @writers payments plans
 */
export const accounts = pgTable(
  'accounts',
  {
    accountId: text('account_id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id').notNull(),
    accountType: text('account_type').notNull(),
    plan: text('plan').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    hasPaidAppPackage: boolean('has_paid_app_package').notNull().default(false),
    hasBusinessInfo: boolean('has_business_info').notNull().default(false),
    subscriptionId: text('subscription_id'),
    planSubscriptionStatus: text('plan_subscription_status'),
    planSubscriptionCancelledAt: timestamp('plan_subscription_cancelled_at', { withTimezone: true }),
    subscriptionPaymentsIds: jsonb('subscription_payments_ids').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('accounts_tenant_idx').on(t.tenantId)],
);

/**
 * What is emailed or handed out once: email verification and reset codes, magic links with their one-time code,
 * and custom sign-in tokens. Only hashes are stored; `used_at` is set by one conditional update (single use).
 * @owner identity
 */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: text('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    purpose: text('purpose')
      .$type<'verifyEmail' | 'resetPassword' | 'magicLink' | 'customToken' | 'changeEmail' | 'recoverEmail'>()
      .notNull(),
    email: text('email').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    /** the 6-digit code of a magic link, hashed with the row id */
    codeHash: text('code_hash'),
    attempts: integer('attempts').notNull().default(0),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_codes_lookup_idx').on(t.tenantId, t.email, t.purpose)],
);

/**
 * What an end user asked an app to remember (fields marked personal or memorize), one row per app and user.
 * `user_key` names the user as runs do (`acct:{userId}` or `anon:{uid}`); `user_id` is set for signed-in users
 * so their memories go with their account.
 * @owner memories
 */
export const userMemories = pgTable(
  'user_memories',
  {
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    appId: text('app_id').notNull(),
    userKey: text('user_key').notNull(),
    values: jsonb('values').$type<Record<string, unknown>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_memories_app_user_uq').on(t.appId, t.userKey),
    index('user_memories_user_idx').on(t.userId),
  ],
);
