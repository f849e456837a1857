import { defineConfig } from '@playwright/test';

// The real server (built bundle + built SPA) on a fresh embedded database, with the fake LLM of
// packages/testkit standing in for the AI provider. Chromium is Debian's; browsers are never downloaded.
const PORT = 4310;
const LLM_PORT = 4311;
const DATA_DIR = `.artifacts/data-${Date.now()}`;

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
    baseURL: `http://127.0.0.1:${PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
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
      command: 'node ../apps/server/dist/main.js',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: {
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: `http://127.0.0.1:${LLM_PORT}/v1`,
        AI_API_KEY: 'e2e-key',
        AI_MODELS_URL: '',
        LOG_LEVEL: 'warn',
      },
    },
  ],
});
