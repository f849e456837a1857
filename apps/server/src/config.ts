import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from './http/trust-proxy';

/** The environment, parsed once. This is the only module that reads process.env. */
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional())
  .optional();
const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public base URL of the product, used in emailed links. */
  PUBLIC_URL: optionalUrl,
  /** Origin that serves generated app code (architecture §7); default: a second port of the same process. */
  APP_ORIGIN: optionalUrl,
  /** Port of the app origin when APP_ORIGIN is not set; default PORT+1. */
  APP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATA_DIR: z.string().default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Which requests get a line at `info`: `notable` (those that failed on the server or took a second or more; the
   * others at `debug`) or `all` (an access log). A line a request costs the server about a tenth of a light request's
   * CPU (docs/decisions/0005-house-order/speed.md, "Session 26").
   */
  LOG_REQUESTS: z.enum(['notable', 'all']).default('notable'),
  /** Directory of the built SPA; default apps/web/dist. */
  WEB_DIST: optionalString,

  // db
  DATABASE_URL: optionalUrl,
  // jobs, events, limits
  REDIS_URL: optionalUrl,
  // blobs
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  // mail
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('BuildAI <no-reply@buildai.local>'),
  // ai
  AI_PROVIDER: z
    .enum(['openai', 'anthropic', 'openrouter', 'ollama', 'openai-compatible', ''])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalString,
  AI_DEFAULT_MODEL: z.string().default('gpt-4o-mini'),
  /**
   * The chat's gate (decision 0013): the validation detectors run at the end of every space-app turn and their errors
   * reach the issues panel and the autofix. `off` leaves turns unchecked (the tester still validates).
   */
  CHAT_VALIDATION: z.enum(['on', 'off']).default('on'),
  /**
   * How long a turn waits for the gate's detectors (ms); a validation that takes longer is left out of the answer, so
   * a cold compiler or a machine under load never holds a turn up.
   */
  CHAT_VALIDATION_BUDGET_MS: z.coerce.number().int().min(100).max(120_000).default(4000),
  /** Where the model list is refreshed from; empty turns refreshing off. */
  AI_MODELS_URL: z.string().default('https://openrouter.ai/api/v1/models'),
  /** Embedding model of the provider; set, data sources are also searched by vector (decision 0004). */
  AI_EMBEDDING_MODEL: optionalString,
  /** Size of the embeddings asked for and stored (an HNSW index is kept per size; pgvector indexes up to 2000). */
  AI_EMBEDDING_DIMENSIONS: z.coerce.number().int().min(1).max(2000).default(1536),
  // identity
  /** Secret that signs access tokens; generated and kept in the database when not set. */
  AUTH_SECRET: optionalString,
  /** Whether anyone may sign up as a builder on the platform tenant. */
  BUILDER_SIGNUP_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** `false`, `true` (one proxy hop), a hop count, or the proxies' addresses/CIDRs (comma-separated). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((raw, ctx): TrustProxy => {
      const parsed = parseTrustProxy(raw);
      if (parsed !== false && typeof parsed === 'object' && 'error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Google sign-in (any OpenID Connect provider): on when both are set. */
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** The OpenID issuer; its discovery document names the endpoints. */
  GOOGLE_ISSUER: z.string().trim().pipe(z.url()).default('https://accounts.google.com'),
  // programmatic access (decision 0010)
  /** Requests one API key may make per minute (REST, MCP, OpenAI-compatible chat together). */
  API_KEY_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  // plans
  /** A JSON file of plan cards that replaces the bundled plans. */
  PLANS_FILE: optionalString,
  // money (architecture §7b)
  /** Gumroad's REST API; tests point it at packages/testkit's fake. */
  GUMROAD_API_URL: z.string().trim().pipe(z.url()).default('https://api.gumroad.com'),
  /** The operator's own Gumroad token: builder plans whose cards name a `gumroadProductId` can be bought. */
  GUMROAD_ACCESS_TOKEN: optionalString,
  /**
   * Gumroad pings one client address may post to one app (or to the operator's own products) per minute. Pings are
   * not signed and each one makes a lookup at Gumroad with the seller's token, so a flood is refused here.
   */
  PAYMENT_PING_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(120),
  /**
   * Lookups at Gumroad the pings of one app (or of the operator's products) may queue per hour, from all addresses
   * together: only pings that name the connected product get this far (docs/decisions/0016).
   */
  PAYMENT_PING_LOOKUPS_PER_APP_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  // data source imports
  /** Notion import (public integration): on when both are set. */
  NOTION_CLIENT_ID: optionalString,
  NOTION_CLIENT_SECRET: optionalString,
  NOTION_API_URL: z.string().trim().pipe(z.url()).default('https://api.notion.com'),
  /** Google Drive import uses GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET; this is the REST API's base. */
  GOOGLE_DRIVE_API_URL: z.string().trim().pipe(z.url()).default('https://www.googleapis.com'),
  /** Tests only: lets the web scraper reach 127.0.0.1. Refused in production. */
  SCRAPER_ALLOW_LOOPBACK: bool,
  /**
   * Tests only: exact origins (`http://127.0.0.1:4567`, comma separated) a space app's server functions may fetch
   * although the address guard refuses their address, so a test can stand in a fake outside service. Every other
   * origin of those addresses stays refused. Refused in production.
   */
  FUNCTIONS_FETCH_TEST_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
});

export type Config = z.infer<typeof configSchema>;

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.AI_PROVIDER === 'openai-compatible' && !config.AI_BASE_URL) {
    throw new Error('Invalid configuration:\n  AI_BASE_URL: required when AI_PROVIDER is openai-compatible');
  }
  if (config.NODE_ENV === 'production' && config.FUNCTIONS_FETCH_TEST_ORIGINS.length) {
    throw new Error(
      'Invalid configuration:\n  FUNCTIONS_FETCH_TEST_ORIGINS: not allowed when NODE_ENV is production',
    );
  }
  if (config.NODE_ENV === 'production' && config.SCRAPER_ALLOW_LOOPBACK) {
    throw new Error(
      'Invalid configuration:\n  SCRAPER_ALLOW_LOOPBACK: not allowed when NODE_ENV is production',
    );
  }
  return config;
}

/** The port that serves app documents when APP_ORIGIN is not set (decision 0007, "The app origin"). */
export function appPort(config: Pick<Config, 'APP_PORT' | 'PORT'>): number {
  return config.APP_PORT ?? config.PORT + 1;
}

/**
 * The origin generated app code runs on: APP_ORIGIN, else the product's host (PUBLIC_URL's, or localhost) on
 * APP_PORT. Never taken from a request's Host header.
 */
export function appOrigin(config: Pick<Config, 'APP_ORIGIN' | 'APP_PORT' | 'PORT' | 'PUBLIC_URL'>): string {
  if (config.APP_ORIGIN) return new URL(config.APP_ORIGIN).origin;
  const base = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`);
  return `${base.protocol}//${base.hostname}:${appPort(config)}`;
}

/**
 * What to tell an operator whose app origin shares the product's host name (the default layout: PUBLIC_URL's host on
 * the next port). Cookies ignore ports, so the product's readable token cookie also reaches the app origin, where
 * generated code runs; production should put APP_ORIGIN on another site (README "Configuration"). Null when apart.
 */
export function appOriginWarning(config: Pick<Config, 'APP_ORIGIN' | 'APP_PORT' | 'PORT' | 'PUBLIC_URL'>) {
  const product = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).hostname;
  if (new URL(appOrigin(config)).hostname !== product) return null;
  return (
    `Space apps are served on ${appOrigin(config)}, the product's own host name: cookies ignore ports, so the ` +
    "product's session cookie also reaches the apps' code. In production set APP_ORIGIN to another site " +
    '(for example https://apps.example-usercontent.com).'
  );
}
