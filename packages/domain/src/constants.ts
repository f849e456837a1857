/** Business constants shared by server and web (spec 000 §9, spec 001 §9). */
export const PLATFORM_TENANT_ID = 'platform';
export const APP_BUILDER_VERSION = 4;
export const DEFAULT_AI_MODEL = 'gpt-4o-mini';
export const DEFAULT_TEMPERATURE = 0.7;
export const TOKEN_LIFETIME_SECONDS = 3600;
/** How often the web refreshes its token: kept beside the lifetime it must stay under (10 minutes to spare). */
export const TOKEN_REFRESH_INTERVAL_MS = 50 * 60 * 1000;
export const REFRESH_TOKEN_LIFETIME_DAYS = 30;
export const MAX_INPUT_EXAMPLES = 3;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;

// In this schema-free module so the sign-in page can read them without loading zod (docs/decisions/0005).
/** Lifetimes of what is emailed (minutes). */
export const MAGIC_LINK_LIFETIME_MIN = 15;
export const RESET_CODE_LIFETIME_MIN = 60;
export const VERIFY_CODE_LIFETIME_MIN = 24 * 60;
/** Wrong one-time codes allowed before the code is dead (spec: 429 ATTEMPTS_EXCEEDED). */
export const MAX_OTP_ATTEMPTS = 3;
export const OTP_LENGTH = 6;

// Read by the public runtime, so kept here, away from the schemas (docs/decisions/0005 "Page weight").
/**
 * On an app's custom domain, the runtime document names the app in `<meta name="buildai-app-id">`: the web then
 * reads `/`, `/tool/{path}` and `/{Page}` as the app's pages under `/app/{appId}`.
 */
export const CUSTOM_DOMAIN_APP_META = 'buildai-app-id';
/**
 * The builder's document (index.html) names the product's public address (PUBLIC_URL) in a meta tag of this name,
 * so the links the builder copies (the app's page, the widget's snippet, the API and MCP addresses) use it even
 * when the builder is opened at another address (a proxy's internal host). Absent without PUBLIC_URL.
 */
export const PUBLIC_URL_META = 'buildai-public-url';

/** The query parameter Gumroad's checkout sends the buyer back with (spec 000 §2, spec 001 §2). */
export const SALE_ID_PARAM = 'sale_id';
