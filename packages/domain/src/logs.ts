import { z } from 'zod';
import { citationSchema, type Citation } from './assistant-settings';
import { resourceIdSchema } from './edge';
import { saleStates, type SaleState } from './money';
import { runSources, type RunSource } from './reach';

/**
 * What end users asked an app (issue 33 "See what users asked"; decision 0018): the logs of every tool run and
 * assistant turn, end users' ratings, the app's privacy settings, and the app's users list.
 */

export const LOGS_PAGE_SIZE = 50;
export const LOGS_MAX_PAGE_SIZE = 100;
export const RATING_REASON_MAX_CHARS = 500;
export const LOG_RETENTION_MAX_DAYS = 3650;
/** How the builder sees a personal field's value in the logs until they reveal it. */
export const MASKED_VALUE = '••••••';

export const logRatings = ['up', 'down'] as const;
export type LogRating = (typeof logRatings)[number];

/** A time in an answer: ISO 8601, UTC. */
const isoTime = z.string().meta({ format: 'date-time' });

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is written YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'A date is written YYYY-MM-DD');

/** `GET /api/apps/{appId}/logs` (and `/logs.csv`): filters, all optional. `to` is inclusive (a whole UTC day). */
export const logsQuery = z.object({
  q: z.string().trim().max(200, 'Search up to 200 characters').optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  source: z.enum(runSources).optional(),
  /** a tool's id, or `assistant` for the chat assistant's turns */
  tool: z.union([z.literal('assistant'), resourceIdSchema]).optional(),
  rating: z.enum(['up', 'down', 'none']).optional(),
  hasError: z.enum(['true', 'false']).optional(),
  /** `true` shows personal fields unmasked; the reveal is recorded */
  reveal: z.enum(['true', 'false']).optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'This cursor is not one of ours')
    .optional(),
  limit: z.coerce
    .number()
    .int('A whole number from 1 to 100')
    .min(1, 'A whole number from 1 to 100')
    .max(LOGS_MAX_PAGE_SIZE, 'A whole number from 1 to 100')
    .optional(),
});
export type LogsQuery = z.input<typeof logsQuery>;

export interface LogUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  totalCost: number;
}

/** One run in the logs: a tool run or an assistant turn. */
export interface LogEntry {
  runId: string;
  createdAt: string;
  /** the end user's email, or null for an anonymous visitor or an API key */
  email: string | null;
  /** `anon:…` visitor id, `key:…` API key, or the signed-in user's id */
  who: string;
  source: RunSource;
  kind: 'tool' | 'assistant';
  toolId: string | null;
  toolTitle: string | null;
  /** the assistant turn's conversation (its client id), when it is still kept */
  conversationId: string | null;
  status: 'running' | 'succeeded' | 'failed';
  errorCode: string | null;
  inputs: Record<string, unknown>;
  /** names of the inputs masked as personal (their values read MASKED_VALUE) */
  masked: string[];
  output: string;
  model: string;
  usage: LogUsage | null;
  credits: number;
  rating: LogRating | null;
  ratingReason: string | null;
}

export interface LogsPage {
  items: LogEntry[];
  nextCursor: string | null;
  /** whether personal fields are shown unmasked on this page */
  revealed: boolean;
}

// The wire form of the answers above and below (decision 0020): each route names its schema with `response:`.

export const logUsageSchema = z.object({
  promptTokens: z.number(),
  completionTokens: z.number(),
  totalTokens: z.number(),
  totalCost: z.number(),
});
export const logEntrySchema = z.object({
  runId: z.string(),
  createdAt: isoTime,
  email: z.string().nullable().meta({ description: 'null for an anonymous visitor or an API key' }),
  who: z.string().meta({ description: "`anon:…` visitor id, `key:…` API key, or the signed-in user's id" }),
  source: z.enum(runSources),
  kind: z.enum(['tool', 'assistant']),
  toolId: z.string().nullable(),
  toolTitle: z.string().nullable(),
  conversationId: z.string().nullable(),
  status: z.enum(['running', 'succeeded', 'failed']),
  errorCode: z.string().nullable(),
  inputs: z.record(z.string(), z.unknown()),
  masked: z
    .array(z.string())
    .meta({ description: `inputs masked as personal (their values read ${MASKED_VALUE})` }),
  output: z.string(),
  model: z.string(),
  usage: logUsageSchema.nullable(),
  credits: z.number(),
  rating: z.enum(logRatings).nullable(),
  ratingReason: z.string().nullable(),
});
/** `GET /api/apps/{appId}/logs` */
export const logsPageResponse = z.object({
  items: z.array(logEntrySchema),
  nextCursor: z.string().nullable(),
  revealed: z.boolean(),
});
/** `DELETE /api/apps/{appId}/logs` and `/my-history`: how many runs were erased. */
export const erasedResponse = z.object({ erased: z.number().int() });

export interface LogMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  createdAt: string;
  runId: string | null;
  rating: LogRating | null;
  ratingReason: string | null;
  /** an answer's data sources, with the passages the model read (decision 0017) */
  citations: Citation[];
}

/** `GET /api/apps/{appId}/logs/{runId}`: one run and, for an assistant turn, its whole conversation. */
export interface LogDetail {
  entry: LogEntry;
  /** the data items the run drew on, with the passages the model read (decision 0017) */
  citations: Citation[];
  conversation: { conversationId: string; title: string; messages: LogMessage[] } | null;
}
export const logMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  createdAt: isoTime,
  runId: z.string().nullable(),
  rating: z.enum(logRatings).nullable(),
  ratingReason: z.string().nullable(),
  citations: z.array(citationSchema),
});
export const logDetailResponse = z.object({
  entry: logEntrySchema,
  citations: z.array(citationSchema),
  conversation: z
    .object({ conversationId: z.string(), title: z.string(), messages: z.array(logMessageSchema) })
    .nullable(),
});

/** `POST /api/apps/{appId}/runs/{runId}/rating`: the end user's thumbs up or down on an answer or result. */
export const rateRunRequest = z.object({
  rating: z.enum(logRatings, { message: 'Rate up or down' }),
  reason: z
    .string()
    .trim()
    .max(RATING_REASON_MAX_CHARS, `A reason is up to ${RATING_REASON_MAX_CHARS} characters`)
    .optional(),
});
export type RateRunRequest = z.input<typeof rateRunRequest>;
export interface RunRating {
  runId: string;
  rating: LogRating;
  reason: string | null;
}
export const runRatingResponse = z.object({
  runId: z.string(),
  rating: z.enum(logRatings),
  reason: z.string().nullable(),
});

/** `GET|PUT /api/apps/{appId}/privacy`: how long the app keeps what its users asked. */
export const appPrivacySchema = z.object({
  /** days a run's inputs and answer and a conversation are kept; null keeps them until deleted */
  retentionDays: z
    .number({ message: `Keep logs 1 to ${LOG_RETENTION_MAX_DAYS} days` })
    .int(`Keep logs 1 to ${LOG_RETENTION_MAX_DAYS} days`)
    .min(1, `Keep logs 1 to ${LOG_RETENTION_MAX_DAYS} days`)
    .max(LOG_RETENTION_MAX_DAYS, `Keep logs 1 to ${LOG_RETENTION_MAX_DAYS} days`)
    .nullable(),
  /** false: inputs, answers and conversations are erased as soon as a run ends (counts and tokens stay) */
  keepConversations: z.boolean(),
});
export type AppPrivacy = z.infer<typeof appPrivacySchema>;

/** One time a builder showed personal fields in the logs. */
export interface LogReveal {
  email: string;
  at: string;
  what: 'list' | 'export' | 'run';
}

export interface AppPrivacyView extends AppPrivacy {
  reveals: LogReveal[];
}
export const logRevealSchema = z.object({
  email: z.string(),
  at: isoTime,
  what: z.enum(['list', 'export', 'run']),
});
/** `GET|PUT /api/apps/{appId}/privacy` */
export const appPrivacyResponse = appPrivacySchema.extend({ reveals: z.array(logRevealSchema) });

/** `GET /api/apps/{appId}/my-history`: the caller's own runs of the app (signed-in user or visitor). */
export interface MyHistoryEntry {
  runId: string;
  createdAt: string;
  kind: 'tool' | 'assistant';
  toolTitle: string | null;
  inputs: Record<string, unknown>;
  output: string;
  rating: LogRating | null;
}
export const myHistoryEntrySchema = z.object({
  runId: z.string(),
  createdAt: isoTime,
  kind: z.enum(['tool', 'assistant']),
  toolTitle: z.string().nullable(),
  inputs: z.record(z.string(), z.unknown()),
  output: z.string(),
  rating: z.enum(logRatings).nullable(),
});
export const myHistoryResponse = z.array(myHistoryEntrySchema);

// ---- the app's users -------------------------------------------------------------------------------------------

export const appUsersQuery = z.object({
  q: z.string().trim().max(200, 'Search up to 200 characters').optional(),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,200}$/, 'This cursor is not one of ours')
    .optional(),
});

export interface AppUserEntry {
  id: string;
  email: string;
  createdAt: string;
  verified: boolean;
  role: 'user' | 'admin';
  disabled: boolean;
  membership: {
    state: SaleState;
    saleId: string | null;
    subscriptionId: string | null;
    /** the end of a cancelled subscription's paid period */
    paidUntil: string | null;
    /** when the sale or its last renewal was recorded */
    renewedAt: string | null;
  } | null;
}
export interface AppUsersPage {
  items: AppUserEntry[];
  nextCursor: string | null;
}
/** `PATCH /api/apps/{appId}/users/{userId}`'s answer, and one row of the list */
export const appUserEntrySchema = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: isoTime,
  verified: z.boolean(),
  role: z.enum(['user', 'admin']),
  disabled: z.boolean(),
  membership: z
    .object({
      state: z.enum(saleStates),
      saleId: z.string().nullable(),
      subscriptionId: z.string().nullable(),
      paidUntil: isoTime
        .nullable()
        .meta({ description: "the end of a cancelled subscription's paid period" }),
      renewedAt: isoTime.nullable().meta({ description: 'when the sale or its last renewal was recorded' }),
    })
    .nullable(),
});
/** `GET /api/apps/{appId}/users` */
export const appUsersPageResponse = z.object({
  items: z.array(appUserEntrySchema),
  nextCursor: z.string().nullable(),
});

/** `PATCH /api/apps/{appId}/users/{userId}`: the owner changes a user's role or disables them. */
export const patchAppUserRequest = z
  .object({
    role: z.enum(['user', 'admin'], { message: 'A role is user or admin' }).optional(),
    disabled: z.boolean({ message: 'disabled is true or false' }).optional(),
  })
  .strict()
  .refine((b) => b.role !== undefined || b.disabled !== undefined, 'Send a role or disabled');
export type PatchAppUserRequest = z.input<typeof patchAppUserRequest>;

/** `GET /api/apps/{appId}/membership/manage`: the signed-in member's subscription management link. */
export interface ManageSubscription {
  url: string | null;
}
export const manageSubscriptionResponse = z.object({ url: z.string().nullable() });
