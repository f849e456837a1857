// Addresses of the servers started by playwright.config.ts, shared by the config and the tests.
export const PORT = 4310;
export const LLM_PORT = 4311;
export const OIDC_PORT = 4312;
/** A second server whose operator offers a single builder plan (PLANS_FILE), for the single-plan layout. */
export const SINGLE_PLAN_PORT = 4313;
/** The fake Notion (and the fake Google Drive beside it) of packages/testkit. */
export const NOTION_PORT = 4320;
export const DRIVE_PORT = 4321;

export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const LLM_URL = `http://127.0.0.1:${LLM_PORT}`;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const SINGLE_PLAN_URL = `http://127.0.0.1:${SINGLE_PLAN_PORT}`;
export const NOTION_URL = `http://127.0.0.1:${NOTION_PORT}`;

/** The admin of the e2e servers (ADMIN_EMAILS): sets builders' plans through the admin API. */
export const ADMIN_EMAIL = 'admin@e2e.buildai.test';
export const ADMIN_PASSWORD = 'the admin passphrase';

let counter = 0;
/** An address no other test (or earlier run on the same data directory) has used. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}
