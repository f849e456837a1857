import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** the built-in shadcn/ui files import each other as an app does, through `@/` */
const shadcn = fileURLToPath(new URL('./packages/app-runtime/src/shadcn/', import.meta.url));

export default defineConfig({
  test: {
    // vitest's own default is one worker fewer than the cores: one on the 2-core CI machine, which then ran the
    // suite on one core (783 s against about 430 s on two)
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'domain', root: 'packages/domain', environment: 'node' } },
      {
        resolve: { alias: [{ find: /^@\//, replacement: shadcn }] },
        test: { name: 'app-runtime', root: 'packages/app-runtime', environment: 'jsdom' },
      },
      { test: { name: 'testkit', root: 'packages/testkit', environment: 'node', testTimeout: 20000 } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          environment: 'node',
          // one module graph per worker, not per file: the server's modules load once (decision 0005, "Tests")
          isolate: false,
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
