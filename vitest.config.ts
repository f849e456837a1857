import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      { test: { name: 'app-runtime', root: 'packages/app-runtime', environment: 'jsdom' } },
      { test: { name: 'testkit', root: 'packages/testkit', environment: 'node', testTimeout: 20000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
