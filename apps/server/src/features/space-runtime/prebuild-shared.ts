import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MODULE_GROUPS } from '@buildai/app-runtime/modules';
import { buildSharedScript } from './shared-modules';

/**
 * Builds every shared module group at the product's build (`npm run build`), beside the server's bundle, so a
 * server never builds one while a visitor waits (decision 0012, "Shared modules"): `node --import tsx
 * prebuild-shared.ts <dir>`.
 */
const dir = process.argv[2];
if (!dir) throw new Error('usage: prebuild-shared.ts <output dir>');
mkdirSync(dir, { recursive: true });
const started = performance.now();
const manifest: Record<string, { hash: string; needs: string[] }> = {};
// a few at a time: esbuild runs each on its own threads
const queue = [...MODULE_GROUPS];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let group = queue.shift(); group; group = queue.shift()) {
      const script = await buildSharedScript(group.id);
      writeFileSync(join(dir, `${group.id}.js`), script.code);
      manifest[group.id] = { hash: script.hash, needs: script.needs };
    }
  }),
);
writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
console.log(
  `shared modules built: ${MODULE_GROUPS.length} groups in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
