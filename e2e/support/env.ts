import { portBase } from './port-block';

// Addresses of the servers started by playwright.config.ts, shared by the config and the tests.
// The block of 20 ports is the first free one from 4310 (port-block.ts), or E2E_PORT_BASE's.
const BASE = portBase();
export const PORT = BASE;
/** Each product server also serves app documents on its own second port (APP_PORT). */
export const APP_PORT = BASE + 1;
export const LLM_PORT = BASE + 2;
export const OIDC_PORT = BASE + 3;
/** A second server whose operator offers a single builder plan (PLANS_FILE), for the single-plan layout. */
export const SINGLE_PLAN_PORT = BASE + 4;
export const SINGLE_PLAN_APP_PORT = BASE + 5;
/** The fake Notion (and the fake Google Drive beside it) of packages/testkit. */
export const NOTION_PORT = BASE + 10;
export const DRIVE_PORT = BASE + 11;
/** The fake Gumroad of packages/testkit (its API, its checkout pages and its pings). */
export const GUMROAD_PORT = BASE + 12;

export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const LLM_URL = `http://127.0.0.1:${LLM_PORT}`;
export const OIDC_ISSUER = `http://127.0.0.1:${OIDC_PORT}`;
export const SINGLE_PLAN_URL = `http://127.0.0.1:${SINGLE_PLAN_PORT}`;
export const NOTION_URL = `http://127.0.0.1:${NOTION_PORT}`;
export const GUMROAD_URL = `http://127.0.0.1:${GUMROAD_PORT}`;
/** The operator's own Gumroad access token (GUMROAD_ACCESS_TOKEN of the servers), seeded in the fake. */
export const GUMROAD_OPERATOR_TOKEN = 'e2e-operator-gumroad-token';

/** The admin of the e2e servers (ADMIN_EMAILS): sets builders' plans through the admin API. */
export const ADMIN_EMAIL = 'admin@e2e.buildai.test';
export const ADMIN_PASSWORD = 'the admin passphrase';
/** A second admin address, signed up in the browser (verified by mail) to use the admin-only code editor. */
export const SPACE_ADMIN_EMAIL = 'space-admin@e2e.buildai.test';
/** The admin who edits code in the preview swap test (each address signs up once per run). */
export const PREVIEW_ADMIN_EMAIL = 'preview-admin@e2e.buildai.test';
/** The admin who runs the validation and repair tester (an admin tool, decision 0013). */
export const TESTER_ADMIN_EMAIL = 'tester-admin@e2e.buildai.test';

/** Debian's Chromium, as every test launches it (the config's default; a spec may add arguments). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let counter = 0;
/** An address no other test (or earlier run on the same data directory) has used. */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}
