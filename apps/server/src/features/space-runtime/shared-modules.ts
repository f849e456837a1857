import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { build, type Plugin } from 'esbuild';
import { MODULE_GROUP_OF, MODULE_GROUPS, type ModuleGroup } from '@buildai/app-runtime/modules';

/** One group's script as the app origin serves it (decision 0012, "Shared modules"). */
export interface SharedScript {
  group: string;
  /** content hash: the script's URL names it, so browsers keep it for good */
  hash: string;
  code: Buffer;
  /** the groups whose modules this one reads (loaded before it) */
  needs: string[];
}

const require = createRequire(import.meta.url);
/** the runtime package: its dependencies are the packages apps may use, its src/ our own modules */
export const RUNTIME_DIR = dirname(require.resolve('@buildai/app-runtime/package.json'));

/**
 * Packages whose `exports` give a browser bundle their development build (react-router's production build is a
 * sibling folder its `exports` do not name).
 */
const PRODUCTION_FILES: Record<string, () => string> = {
  'react-router': () =>
    require
      .resolve('react-router', { paths: [RUNTIME_DIR] })
      .replace(/[\\/]development[\\/]index\.js$/, '/production/index.mjs'),
};

const PURE = new Set(MODULE_GROUPS.filter((g) => g.pure).map((g) => g.id));

/** A module an app or a group reads from the shared registry instead of bundling it. */
export function sharedStub(path: string): string {
  return `module.exports = globalThis.__buildaiModules[${JSON.stringify(path)}];`;
}

const ENTRY = '__group__.js';

/**
 * The generated entry of a group: each of its modules imported as a namespace and registered under the path an
 * app writes. `__esModule` makes `import x from` read a module's own default export (and, for a CommonJS package
 * such as React, its exports object), as a bundler would.
 */
function groupEntry(group: ModuleGroup): string {
  const lines = Object.values(group.modules).map(
    (target, i) =>
      `import * as m${i} from ${JSON.stringify(target.startsWith('./') ? join(RUNTIME_DIR, target) : target)};`,
  );
  if (group.id === 'core') lines.push(`import ${JSON.stringify(join(RUNTIME_DIR, 'src', 'vendor.ts'))};`);
  lines.push('const registry = (globalThis.__buildaiModules ??= {});');
  lines.push('const esm = (ns) => Object.assign({ __esModule: true }, ns);');
  Object.keys(group.modules).forEach((path, i) => {
    lines.push(`registry[${JSON.stringify(path)}] = esm(m${i});`);
  });
  return lines.join('\n');
}

function groupPlugin(group: ModuleGroup, needs: Set<string>): Plugin {
  return {
    name: 'shared-group',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: ENTRY, namespace: 'group' };
        if (args.path.startsWith('.') || args.path.startsWith('/')) return undefined;
        const owner = MODULE_GROUP_OF.get(args.path);
        if (owner && owner !== group.id && !PURE.has(owner)) {
          needs.add(owner);
          return { path: args.path, namespace: 'shared' };
        }
        const production = PRODUCTION_FILES[args.path];
        if (production) return { path: production() };
        return undefined;
      });
      b.onLoad({ filter: /.*/, namespace: 'group' }, () => ({
        contents: groupEntry(group),
        loader: 'js',
        resolveDir: RUNTIME_DIR,
      }));
      b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: sharedStub(args.path),
        loader: 'js',
      }));
    },
  };
}

/** Builds one group from the runtime package's own dependencies, minified, with its compressed copies. */
export async function buildSharedScript(groupId: string): Promise<SharedScript> {
  const group = MODULE_GROUPS.find((g) => g.id === groupId);
  if (!group) throw new Error(`no module group "${groupId}"`);
  const needs = new Set<string>();
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2020',
    jsx: 'automatic',
    logLevel: 'silent',
    legalComments: 'none',
    absWorkingDir: RUNTIME_DIR,
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [groupPlugin(group, needs)],
  });
  const code = Buffer.from(result.outputFiles[0]!.contents);
  return {
    group: groupId,
    hash: createHash('sha256').update(code).digest('hex').slice(0, 16),
    code,
    needs: [...needs].sort(),
  };
}

/** The groups an app's frame loads, in one script: each group after those it reads. */
export interface SharedSet {
  /** content hash, with the groups in the script's URL (any instance can build it again from those) */
  hash: string;
  groups: string[];
  code: Buffer;
  gzipped: Buffer;
  brotli: Buffer;
}

/** Beside the server's bundle (dist/shared-modules) when it was built; absent when it runs from its source. */
const PREBUILT_DIR = fileURLToPath(new URL('./shared-modules/', import.meta.url));

function readPrebuilt(dir: string | null): Record<string, { hash: string; needs: string[] }> {
  if (!dir) return {};
  try {
    return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<
      string,
      { hash: string; needs: string[] }
    >;
  } catch {
    return {};
  }
}

/** The most sets kept at once: apps share a few (core; core with Radix's dialog and tabs; …). */
const MAX_SETS = 500;

/**
 * The shared modules of one server (built in services.ts): each group built once, on first use, and the sets of
 * groups the frames ask for, each once.
 */
export class SharedModules {
  private readonly groups = new Map<string, Promise<SharedScript>>();
  private readonly sets = new Map<string, Promise<SharedSet>>();
  private readonly prebuilt: Record<string, { hash: string; needs: string[] }>;

  /** `prebuiltDir`: the groups the product's build made (prebuild-shared.ts); the others are built on first use */
  constructor(private readonly prebuiltDir: string | null = PREBUILT_DIR) {
    this.prebuilt = readPrebuilt(prebuiltDir);
  }

  group(id: string): Promise<SharedScript> {
    let pending = this.groups.get(id);
    if (!pending) {
      const ready = this.prebuilt[id];
      pending =
        ready && this.prebuiltDir
          ? readFile(join(this.prebuiltDir, `${id}.js`)).then((code) => ({ group: id, code, ...ready }))
          : buildSharedScript(id);
      this.groups.set(id, pending);
      pending.catch(() => this.groups.delete(id));
    }
    return pending;
  }

  /** The groups to load for these, in order: each after the groups it reads, `core` first. */
  async closure(ids: Iterable<string>): Promise<string[]> {
    const order: string[] = [];
    const visiting = new Set<string>();
    const visit = async (id: string): Promise<void> => {
      if (order.includes(id) || visiting.has(id)) return;
      visiting.add(id);
      for (const need of (await this.group(id)).needs) await visit(need);
      order.push(id);
    };
    await visit('core');
    for (const id of [...ids].sort()) await visit(id);
    return order;
  }

  /**
   * One script of these groups and those they read. Its order is the closure of the whole set, so the groups an app
   * imports and the list its script's URL names (all of them) give the same script.
   */
  async set(ids: Iterable<string>): Promise<SharedSet> {
    const groups = await this.closure(await this.closure(ids));
    const key = groups.join(',');
    let pending = this.sets.get(key);
    if (!pending) {
      pending = this.join(groups);
      if (this.sets.size >= MAX_SETS) this.sets.delete(this.sets.keys().next().value!);
      this.sets.set(key, pending);
      pending.catch(() => this.sets.delete(key));
    }
    return pending;
  }

  /** The set a script's URL names, when its hash is the one those groups give; else null. */
  async byUrl(hash: string, groupList: string): Promise<SharedSet | null> {
    const ids = groupList.split(',').filter(Boolean);
    if (ids.length === 0 || ids.length > 200 || ids.some((id) => !MODULE_GROUPS.some((g) => g.id === id))) {
      return null;
    }
    const set = await this.set(ids);
    return set.hash === hash ? set : null;
  }

  private async join(groups: string[]): Promise<SharedSet> {
    const scripts = await Promise.all(groups.map((id) => this.group(id)));
    const code = Buffer.concat(scripts.flatMap((s) => [s.code, Buffer.from('\n')]));
    const [gzipped, brotli] = await Promise.all([
      promisify(gzip)(code, { level: 9 }),
      promisify(brotliCompress)(code, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: code.length },
      }),
    ]);
    return {
      hash: createHash('sha256').update(code).digest('hex').slice(0, 16),
      groups,
      code,
      gzipped,
      brotli,
    };
  }
}
