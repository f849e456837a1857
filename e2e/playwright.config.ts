import { defineConfig } from '@playwright/test';
import {
  ADMIN_EMAIL,
  APP_PORT,
  SPACE_ADMIN_EMAIL,
  PREVIEW_ADMIN_EMAIL,
  TESTER_ADMIN_EMAIL,
  BASE_URL,
  DRIVE_PORT,
  GUMROAD_OPERATOR_TOKEN,
  GUMROAD_PORT,
  GUMROAD_URL,
  LLM_PORT,
  NOTION_PORT,
  NOTION_URL,
  OIDC_ISSUER,
  OIDC_PORT,
  PORT,
  SINGLE_PLAN_APP_PORT,
  SINGLE_PLAN_PORT,
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
} from './support/env';
import { assertBlockFree } from './support/port-block';

// The real server (built bundle + built SPA) on a fresh embedded database, with the fakes of packages/testkit
// standing in for the AI provider, for Google (an OpenID provider with a consent page), for Notion and for Gumroad. Chromium is Debian's;
// browsers are never downloaded.

const RUN = Date.now();
// the servers below must get the ports the tests will call: a taken one is named now, not met as a timeout
if (!process.env.TEST_WORKER_INDEX) assertBlockFree(PORT);

const serverEnv = (port: number, appPort: number, dataDir: string): Record<string, string> => ({
  PORT: String(port),
  APP_PORT: String(appPort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  // emailed links open on this server, in the test's browser
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  ADMIN_EMAILS: `${ADMIN_EMAIL},${SPACE_ADMIN_EMAIL},${PREVIEW_ADMIN_EMAIL},${TESTER_ADMIN_EMAIL}`,
  GOOGLE_ISSUER: OIDC_ISSUER,
  GOOGLE_CLIENT_ID: 'fake-google-client',
  GOOGLE_CLIENT_SECRET: 'fake-google-secret',
  AI_PROVIDER: 'openai-compatible',
  AI_BASE_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
  AI_API_KEY: 'e2e-key',
  AI_MODELS_URL: '',
  NOTION_CLIENT_ID: 'fake-notion-client',
  NOTION_CLIENT_SECRET: 'fake-notion-secret',
  NOTION_API_URL: NOTION_URL,
  GUMROAD_API_URL: GUMROAD_URL,
  GUMROAD_ACCESS_TOKEN: GUMROAD_OPERATOR_TOKEN,
  // a space app's server functions may call the fake Gumroad as an outside service (tests only)
  FUNCTIONS_FETCH_TEST_ORIGINS: GUMROAD_URL,
  // the chat's gate always answers here, however loaded the machine: the specs script the autofix it leads to
  CHAT_VALIDATION_BUDGET_MS: '120000',
  LOG_LEVEL: 'warn',
});

export default defineConfig({
  testDir: './tests',
  outputDir: '.artifacts/results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      command: `node --import tsx ../packages/testkit/src/fake-llm-cli.ts --port ${LLM_PORT}`,
      url: `http://127.0.0.1:${LLM_PORT}/v1/models`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx ../packages/testkit/src/fake-oidc-cli.ts --port ${OIDC_PORT} --consent-page`,
      url: `http://127.0.0.1:${OIDC_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx ../packages/testkit/src/fake-integrations-cli.ts --notion-port ${NOTION_PORT} --drive-port ${DRIVE_PORT}`,
      url: `${NOTION_URL}/__fake/requests`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx ../packages/testkit/src/fake-gumroad-cli.ts --port ${GUMROAD_PORT} --seller-token ${GUMROAD_OPERATOR_TOKEN} --seller-products fixtures/gumroad-operator-products.json`,
      url: `${GUMROAD_URL}/__fake/pings`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      // its log (warnings and errors) in a file CI prints from when a flow fails
      command: `mkdir -p .artifacts && node ../apps/server/dist/main.js >> .artifacts/server-${RUN}.log`,
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      // the operator's plans with Gumroad products (Explorer and Monetizer), seeded in the fake Gumroad
      env: {
        ...serverEnv(PORT, APP_PORT, `.artifacts/data-${RUN}`),
        PLANS_FILE: 'fixtures/gumroad-plans.json',
      },
    },
    {
      command: `mkdir -p .artifacts && node ../apps/server/dist/main.js >> .artifacts/server-single-plan-${RUN}.log`,
      url: `http://127.0.0.1:${SINGLE_PLAN_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        ...serverEnv(SINGLE_PLAN_PORT, SINGLE_PLAN_APP_PORT, `.artifacts/data-single-plan-${RUN}`),
        PLANS_FILE: 'fixtures/single-plan.json',
      },
    },
  ],
});
