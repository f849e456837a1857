// Bundles the server into dist/main.js. Our workspace packages (TypeScript source) are bundled in;
// npm dependencies stay external and load from node_modules. Migrations are copied beside the bundle.
import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@buildai/'));

rmSync('dist', { recursive: true, force: true });
await build({
  // the validation thread's script (decision 0013) is bundled beside the server's
  entryPoints: { main: 'src/main.ts', 'detect-worker': 'src/features/app-validation/detect-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
// the shared modules of space apps, built once here rather than while a visitor waits (decision 0012)
execFileSync(
  process.execPath,
  ['--import', 'tsx', 'src/features/space-runtime/prebuild-shared.ts', 'dist/shared-modules'],
  { stdio: 'inherit' },
);
console.log('server built: apps/server/dist/main.js');
