import { createHash } from 'node:crypto';
import { build, type Plugin } from 'esbuild';
import type { AppFile } from '@buildai/domain';

/**
 * A server function's bundle (decision 0014, "Building a function"): `functions/{name}.ts` and the app files it
 * imports by a relative or `@/` path, TypeScript stripped by esbuild, as one script that sets
 * `globalThis.__buildaiFunction` to the module's exports. No package is importable (the allowlist is empty): a
 * function has fetch, the app's entities, its secrets and the language; anything else is a build error naming it.
 */

/** Modules a function may import: none yet. A package added here must be bundled in, never loaded from disk. */
export const FUNCTION_ALLOWED_IMPORTS: readonly string[] = [];

const EXTENSIONS = ['', '.ts', '.js', '.json', '/index.ts', '/index.js'];
const NAMESPACE = 'app-file';

export type FunctionBuild = { ok: true; code: string; key: string } | { ok: false; error: string };

function resolveIn(files: Map<string, string>, base: string): string | null {
  for (const ext of EXTENSIONS) if (files.has(base + ext)) return base + ext;
  return null;
}

function joinPath(dir: string, relative: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

function appFilesPlugin(files: Map<string, string>): Plugin {
  return {
    name: 'buildai-function-files',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: NAMESPACE };
        const spec = args.path;
        let base: string | null = null;
        if (spec.startsWith('./') || spec.startsWith('../')) base = joinPath(dirOf(args.importer), spec);
        else if (spec.startsWith('@/')) base = spec.slice(2);
        if (base === null)
          return {
            errors: [
              {
                text: `"${spec}" cannot be imported in a server function: use the app's own files, ctx.fetch, ctx.entities and ctx.secrets`,
              },
            ],
          };
        const found = resolveIn(files, base) ?? resolveIn(files, `src/${base}`);
        if (!found) return { errors: [{ text: `"${spec}" is not a file of the app` }] };
        return { path: found, namespace: NAMESPACE };
      });
      b.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = files.get(args.path) ?? '';
        const loader = args.path.endsWith('.json') ? 'json' : args.path.endsWith('.js') ? 'js' : 'ts';
        return { contents, loader };
      });
    },
  };
}

/** Built bundles by the hash of the app's files and the function's path (few, small: the newest 200 kept). */
const cache = new Map<string, FunctionBuild>();
const CACHE_SIZE = 200;

/** Builds one function of a set of files; a build error is answered, not thrown. */
export async function buildFunction(files: AppFile[], path: string): Promise<FunctionBuild> {
  const hash = createHash('sha256');
  hash.update(path);
  for (const f of [...files].sort((a, b) => (a.path < b.path ? -1 : 1))) {
    hash.update('\0');
    hash.update(f.path);
    hash.update('\0');
    hash.update(f.content);
  }
  const key = hash.digest('hex');
  const hit = cache.get(key);
  if (hit) return hit;
  const byPath = new Map(files.map((f) => [f.path, f.content]));
  let built: FunctionBuild;
  try {
    const result = await build({
      entryPoints: [path],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: '__buildaiFunction',
      platform: 'neutral',
      target: 'es2022',
      logLevel: 'silent',
      plugins: [appFilesPlugin(byPath)],
    });
    const code = result.outputFiles[0]!.text.replace(
      /^var __buildaiFunction\b/,
      'globalThis.__buildaiFunction',
    );
    built = { ok: true, code, key };
  } catch (err) {
    const errors = (err as { errors?: { text: string; location?: { file: string; line: number } | null }[] })
      .errors;
    built = {
      ok: false,
      error: errors?.length
        ? errors
            .slice(0, 5)
            .map((e) => (e.location ? `${e.location.file}:${e.location.line}: ${e.text}` : e.text))
            .join('\n')
        : err instanceof Error
          ? err.message
          : String(err),
    };
  }
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, built);
  return built;
}
