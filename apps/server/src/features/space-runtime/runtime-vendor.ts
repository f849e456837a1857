import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The shared script every app loads first: React, the UI kit, the icons, the SDK and the runtime. */
export interface RuntimeVendor {
  /** content hash: the script's URL names it, so browsers keep it for good */
  hash: string;
  code: Buffer;
  gzipped: Buffer;
}

/** Where `@buildai/app-runtime` lives (its source is built here, so a deployment needs no extra build step). */
function vendorEntry(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@buildai/app-runtime/package.json')), 'src', 'vendor.ts');
}

export async function buildRuntimeVendor(): Promise<RuntimeVendor> {
  const result = await build({
    entryPoints: [vendorEntry()],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    jsx: 'automatic',
    logLevel: 'silent',
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  const code = Buffer.from(result.outputFiles[0]!.contents);
  return {
    hash: createHash('sha256').update(code).digest('hex').slice(0, 16),
    code,
    gzipped: gzipSync(code, { level: 9 }),
  };
}
