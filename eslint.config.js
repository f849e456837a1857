// Lint rules, including the module boundaries of architecture §3.
import fs from 'node:fs';
import tseslint from 'typescript-eslint';
import { featureBoundaries, tableOwners } from './scripts/eslint/feature-boundaries.js';

// the web's features are its folders: a hand-written list went stale and left the features it missed unguarded
const webFeatures = fs
  .readdirSync(new URL('./apps/web/src/features/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'e2e/.artifacts/**',
      // pages and projects copied unchanged from public repositories, to build as models write them
      'apps/server/tests/fixtures/model-written/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // domain imports nothing of ours
  {
    files: ['packages/domain/**/*.ts'],
    rules: restrict([
      { group: ['@buildai/*', '**/apps/**', '**/testkit/**'], message: 'domain imports nothing of ours' },
    ]),
  },
  // web imports domain only; a web feature never imports another web feature
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: restrict([
      {
        group: ['@buildai/server', '@buildai/testkit', '**/apps/server/**'],
        message: 'web imports domain only',
      },
    ]),
  },
  ...webFeatures.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: restrict([
      {
        group: ['@buildai/server', '@buildai/testkit', '**/apps/server/**'],
        message: 'web imports domain only',
      },
      {
        group: [
          '@/features/*',
          '../../features/*',
          '!@/features/' + feature,
          '!@/features/' + feature + '/**',
        ],
        message: 'a web feature never imports another web feature (compose in app/)',
      },
    ]),
  })),
  // platform never imports features
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: restrict([{ group: ['**/features/**'], message: 'platform never imports features' }]),
  },
  // a feature never imports another feature's routes
  {
    files: ['apps/server/src/features/**/*.ts'],
    rules: restrict([
      { group: ['../*/routes', '../../features/*/routes'], message: "never import another feature's routes" },
    ]),
  },
  // another server feature is reached through its index.ts only (decision 0005)
  {
    files: ['apps/server/src/**/*.ts', 'apps/server/tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { buildai: { rules: { 'feature-boundaries': featureBoundaries, 'table-owners': tableOwners } } },
    rules: { 'buildai/feature-boundaries': 'error' },
  },
  // a use-case takes at most three arguments; more go in one options object (decision 0005, "Use-cases")
  {
    files: ['apps/server/src/features/**/*.ts'],
    rules: { 'max-params': ['error', { max: 3 }] },
  },
  // a table is written by the feature that owns it, or one named on it (decision 0020, "Table owners")
  {
    files: ['apps/server/src/features/**/*.ts', 'apps/server/src/platform/**/*.ts'],
    rules: { 'buildai/table-owners': 'error' },
  },
);
