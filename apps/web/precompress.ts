import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);

/** Text the browser downloads; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|xml)$/;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)])),
  );
  return nested.flat();
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` beside every compressible file of the build, so the server
 * sends compressed bytes without compressing per request (docs/decisions/0006). The gzip copy is made by Zopfli:
 * plain gzip any browser reads, about 3.5% smaller than zlib's level 9 (docs/decisions/0005 "Page weight"). A
 * copy that would not be smaller is not written.
 *
 * `emptiesOutDir`: the build starts from an empty `dist` and compresses all of it (the public folder's copies
 * too); otherwise it adds to another pass's files and compresses only those it wrote.
 */
export function precompress({ emptiesOutDir = true }: { emptiesOutDir?: boolean } = {}): Plugin {
  let outDir = 'dist';
  const written: string[] = [];
  return {
    name: 'buildai-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      written.push(...Object.keys(bundle).map((name) => path.join(outDir, name)));
    },
    async closeBundle() {
      const files = (emptiesOutDir ? await filesUnder(outDir) : written).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const [contents, { size }] = await Promise.all([readFile(file), stat(file)]);
          const copies = [
            {
              suffix: '.br',
              bytes: await brotli(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            },
            { suffix: '.gz', bytes: await gzipAsync(contents, { numiterations: 15 }) },
          ];
          await Promise.all(
            copies.filter((c) => c.bytes.byteLength < size).map((c) => writeFile(file + c.suffix, c.bytes)),
          );
        }),
      );
    },
  };
}
