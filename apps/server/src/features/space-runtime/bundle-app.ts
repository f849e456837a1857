import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import {
  context,
  type BuildContext,
  type BuildOptions,
  type Message,
  type Metafile,
  type Plugin,
} from 'esbuild';
import { LRUCache } from 'lru-cache';
import { MODULE_GROUP_OF } from '@buildai/app-runtime/modules';
import { appPackages, type AppBuildError, type AppFile, type AppStyle } from '@buildai/domain';
import { appEntry } from './app-entry';
import { dirOf, joinPath } from './app-paths';
import { compileAppCss, type CssFile } from './app-css';
import { iconsModule, iconsNamed, unknownIconMessage } from './app-icons';
import { builtinFiles } from './builtin-files';
import { RUNTIME_DIR, sharedStub } from './shared-modules';

/**
 * The result of building an app's files: its script, its stylesheet and the shared module groups its script reads,
 * or the errors that stopped the build.
 */
export type AppBuild =
  | {
      ok: true;
      code: string;
      css: string;
      groups: string[];
      /** the app imports the first version's kit (@buildai/app-ui), whose stylesheet the runtime then adds */
      kit: boolean;
    }
  | { ok: false; errors: AppBuildError[] };

const SCRIPT_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.json'];
const EXTENSIONS = ['', ...SCRIPT_EXTENSIONS, '.css', ...SCRIPT_EXTENSIONS.map((ext) => `/index${ext}`)];
const LOADERS = { tsx: 'tsx', ts: 'ts', jsx: 'jsx', js: 'js', json: 'json', svg: 'dataurl' } as const;
const ENTRY = '__entry__.js';
/** marks, among the groups used, that the app imports the kit */
const KIT = '@kit';

const require = createRequire(import.meta.url);

export const refused = (path: string) =>
  `"${path}" cannot be imported: an app may import its own files and these packages: ${appPackages.join(', ')}`;

/** The shared runtime's module that makes an icon component out of an icon's data (the icons' one import). */
const CREATE_ICON = 'lucide-react/createLucideIcon';

type Found = { namespace: 'app' | 'builtin'; path: string };

/**
 * Where an import of the app's own code leads: a file of the app, else a built-in shadcn/ui file at that path.
 * `@/x` (and `~/x`) is `src/x` in an app laid out under `src/` (as Vite projects are), else `x`; either is tried.
 */
export function finder(files: Map<string, string>) {
  const builtins = builtinFiles();
  const underSrc = [...files.keys()].some((path) => path.startsWith('src/'));
  const roots = underSrc ? ['src/', ''] : ['', 'src/'];
  const inApp = (base: string) =>
    EXTENSIONS.map((ext) => base + ext).find((candidate) => files.has(candidate));
  const inBuiltins = (base: string) => {
    const bare = base.replace(/^src\//, '');
    return EXTENSIONS.map((ext) => bare + ext).find((candidate) => builtins.has(candidate));
  };
  return (specifier: string, importer: string): Found | null => {
    const alias = specifier.startsWith('@/') || specifier.startsWith('~/');
    const bases = alias
      ? roots.map((root) => root + specifier.slice(2))
      : [joinPath(dirOf(importer), specifier)];
    for (const base of bases) {
      const found = inApp(base);
      if (found) return { namespace: 'app', path: found };
    }
    for (const base of bases) {
      const found = inBuiltins(base);
      if (found) return { namespace: 'builtin', path: found };
    }
    return null;
  };
}

const packageCssCache = new Map<string, string>();
function readPackageCss(path: string): string {
  let content = packageCssCache.get(path);
  if (content === undefined) packageCssCache.set(path, (content = readFileSync(path, 'utf8')));
  return content;
}

/** A package's own stylesheet an app imports (`react-day-picker/style.css`): read from the runtime's packages. */
function packageCss(specifier: string): string | null {
  const pkg = specifier.startsWith('@')
    ? specifier.split('/').slice(0, 2).join('/')
    : specifier.split('/')[0]!;
  if (!MODULE_GROUP_OF.has(pkg)) return null;
  try {
    return require.resolve(specifier, { paths: [RUNTIME_DIR] });
  } catch {
    return null;
  }
}

/** What one build of the plugin reads: the app's files, its entry and the groups its imports use. */
interface BuildState {
  files: Map<string, string>;
  entrySource: string;
  used: Set<string>;
  find: ReturnType<typeof finder>;
}

/**
 * Resolves imports inside the app's files, to the built-in shadcn/ui files and to the shared modules; anything else
 * is refused. `lucide-react` is a module of this build that takes the icons the app names from their own files.
 */
function appFilesPlugin(current: () => BuildState): Plugin {
  const builtins = builtinFiles();
  return {
    name: 'app-files',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        const { used, find } = current();
        if (args.kind === 'entry-point') return { path: ENTRY, namespace: 'app' };
        if (args.namespace === 'icons') {
          if (args.path === 'lucide-react')
            return { path: args.path, namespace: 'shared', sideEffects: false };
          return { path: args.path, sideEffects: false };
        }
        if (args.namespace === 'file') {
          if (args.path === '../createLucideIcon.mjs') return { path: CREATE_ICON, namespace: 'shared' };
          return { errors: [{ text: `unexpected import "${args.path}" in ${args.importer}` }] };
        }
        if (args.path === 'lucide-react') return { path: args.path, namespace: 'icons' };
        if (MODULE_GROUP_OF.has(args.path)) {
          used.add(MODULE_GROUP_OF.get(args.path)!);
          if (args.path === '@buildai/app-ui') used.add(KIT);
          return { path: args.path, namespace: 'shared' };
        }
        const local = args.path.startsWith('./') || args.path.startsWith('../');
        const alias = args.path.startsWith('@/') || args.path.startsWith('~/');
        if (!local && !alias) {
          if (args.path.endsWith('.css')) {
            const file = packageCss(args.path);
            if (file) return { path: file, namespace: 'package-css' };
          }
          return { errors: [{ text: refused(args.path), detail: { importPath: args.path } }] };
        }
        const found = find(args.path, args.importer);
        if (!found) {
          return {
            errors: [{ text: `"${args.path}" is not a file of this app`, detail: { importPath: args.path } }],
          };
        }
        if (found.path.endsWith('.css')) return { path: found.path, namespace: `${found.namespace}-css` };
        return found;
      });
      b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        // an icon's file is ESM in Node's mode, which takes a CommonJS module whole as its default: it gets the
        // factory itself
        contents:
          args.path === CREATE_ICON
            ? `module.exports = globalThis.__buildaiModules[${JSON.stringify(CREATE_ICON)}].default;`
            : sharedStub(args.path),
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'icons' }, () => ({
        contents: iconsModule(
          [...new Set([...iconsNamed(current().files.values()), ...builtinIcons()])].sort(),
        ),
        loader: 'js',
      }));
      // a stylesheet is compiled with Tailwind after the build; in the script it is nothing
      for (const namespace of ['app-css', 'builtin-css', 'package-css']) {
        b.onLoad({ filter: /.*/, namespace }, () => ({ contents: '', loader: 'js' }));
      }
      const load = (contents: string | undefined, path: string) => {
        const ext = /\.([a-z]+)$/.exec(path)?.[1] as keyof typeof LOADERS | undefined;
        const loader = ext ? LOADERS[ext] : undefined;
        if (!loader || contents === undefined) {
          return {
            errors: [
              {
                text: `"${path}" is not a script: only .tsx, .ts, .jsx, .js, .json, .css and .svg files can be imported`,
              },
            ],
          };
        }
        return { contents, loader };
      };
      b.onLoad({ filter: /.*/, namespace: 'app' }, (args) => {
        const { files, entrySource } = current();
        if (args.path === ENTRY) return { contents: entrySource, loader: 'js' };
        return load(files.get(args.path), args.path);
      });
      b.onLoad({ filter: /.*/, namespace: 'builtin' }, (args) => load(builtins.get(args.path), args.path));
    },
  };
}

let builtinIconNames: string[] | undefined;

/**
 * The icons the built-in files name (which of those files are in the bundle is known only after it, so all count:
 * esbuild drops the icons nobody imports).
 */
function builtinIcons(): string[] {
  builtinIconNames ??= iconsNamed(builtinFiles().values());
  return builtinIconNames;
}

/** esbuild's words for a name the icons module does not export */
const NO_ICON = /^No matching export in "icons:lucide-react" for import "([^"]+)"$/;

function toBuildError(message: Message): AppBuildError {
  const location = message.location;
  const icon = NO_ICON.exec(message.text)?.[1];
  const importPath = icon
    ? 'lucide-react'
    : (message.detail as { importPath?: unknown } | undefined)?.importPath;
  return {
    file: location?.file ? location.file.replace(/^(app|builtin):/, '') : null,
    line: location?.line ?? null,
    column: location ? location.column + 1 : null,
    message: icon ? unknownIconMessage(icon) : message.text,
    ...(typeof importPath === 'string' ? { importPath } : {}),
  };
}

/** The stylesheets of the bundle in the order its code imports them (depth first from the entry, as a bundler does). */
function cssInOrder(metafile: Metafile, read: (key: string) => CssFile | null): CssFile[] {
  const out: CssFile[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const input = metafile.inputs[key];
    if (!input) return;
    for (const imported of input.imports) {
      if (/^(app|builtin|package)-css:/.test(imported.path)) {
        if (seen.has(imported.path)) continue;
        seen.add(imported.path);
        const file = read(imported.path);
        if (file) out.push(file);
      } else visit(imported.path);
    }
  };
  visit(`app:${ENTRY}`);
  return out;
}

const BUILD_OPTIONS: BuildOptions = {
  entryPoints: [ENTRY],
  bundle: true,
  write: false,
  metafile: true,
  format: 'iife',
  target: 'es2020',
  jsx: 'automatic',
  logLevel: 'silent',
  // what a Vite app reads of its build: a production build, and no VITE_ variable (an app has no .env)
  define: {
    'process.env.NODE_ENV': '"production"',
    'import.meta.env': JSON.stringify({
      MODE: 'production',
      PROD: true,
      DEV: false,
      SSR: false,
      BASE_URL: '/',
    }),
  },
};

/**
 * An esbuild context that builds one app after another: its incremental cache keeps the parse of every file whose
 * text did not change (the built-in shadcn/ui files, icons, the files a change left alone). One build at a time
 * runs on it; the plugin reads the files of the build that runs.
 */
interface Builder {
  context: Promise<BuildContext>;
  state: BuildState | null;
  queue: Promise<unknown>;
  idle: ReturnType<typeof setTimeout> | null;
  disposed: Promise<void> | null;
}

/** A builder no build used for this long is let go (a live context keeps esbuild's process, and the server's, up). */
const IDLE_MS = 60_000;

function dispose(builder: Builder): Promise<void> {
  if (builder.idle) clearTimeout(builder.idle);
  builder.disposed ??= builder.queue
    .then(() => builder.context)
    .then((ctx) => ctx.dispose())
    .catch(() => {});
  return builder.disposed;
}

/** Builders kept by the shape of an app (its file paths), so the next build of the same app finds its cache. */
const builders = new LRUCache<string, Builder>({ max: 4, dispose: (builder) => void dispose(builder) });

/** Lets every builder go (the server stops; a test server closes). */
export async function closeBuilders(): Promise<void> {
  const all = [...builders.values()];
  builders.clear();
  await Promise.all(all.map(dispose));
}

function builderFor(files: Map<string, string>): Builder {
  const key = [...files.keys()].sort().join('\0');
  let builder = builders.get(key);
  if (!builder) {
    const made: Builder = {
      context: undefined as never,
      state: null,
      queue: Promise.resolve(),
      idle: null,
      disposed: null,
    };
    made.context = context({
      ...BUILD_OPTIONS,
      plugins: [
        appFilesPlugin(() => {
          if (!made.state) throw new Error('no build is running');
          return made.state;
        }),
      ],
    });
    builders.set(key, made);
    builder = made;
  }
  const kept = builder;
  if (kept.idle) clearTimeout(kept.idle);
  kept.idle = setTimeout(() => {
    if (builders.peek(key) === kept) builders.delete(key);
  }, IDLE_MS);
  kept.idle.unref();
  return builder;
}

async function runBuild(files: Map<string, string>, entrySource: string, used: Set<string>) {
  const builder = builderFor(files);
  const run = builder.queue.then(async () => {
    const ctx = await builder.context;
    builder.state = { files, entrySource, used, find: finder(files) };
    try {
      return await ctx.rebuild();
    } finally {
      builder.state = null;
    }
  });
  builder.queue = run.catch(() => {});
  return run;
}

/** Bundles an app's files (esbuild, in memory) into one script that reads the shared modules, and its stylesheet. */
export async function bundleApp(appFiles: AppFile[], style?: AppStyle): Promise<AppBuild> {
  const files = new Map(appFiles.map((f) => [f.path, f.content]));
  const entry = appEntry(files);
  const used = new Set<string>(['core']);
  let code: string;
  let metafile: Metafile;
  try {
    const result = await runBuild(files, entry.source, used);
    code = result.outputFiles![0]!.text;
    metafile = result.metafile!;
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors;
    if (!Array.isArray(errors)) throw err;
    return { ok: false, errors: errors.map(toBuildError) };
  }
  const builtins = builtinFiles();
  const cssFiles = cssInOrder(metafile, (key) => {
    const [namespace, ...rest] = key.split(':');
    const path = rest.join(':');
    if (namespace === 'app-css') return { path, content: files.get(path) ?? '' };
    if (namespace === 'builtin-css') return { path, content: builtins.get(path) ?? '' };
    if (namespace === 'package-css')
      return { path: path.slice(RUNTIME_DIR.length), content: readPackageCss(path) };
    return null;
  });
  const sources = Object.keys(metafile.inputs).flatMap((key) => {
    const [namespace, ...rest] = key.split(':');
    const path = rest.join(':');
    if (namespace === 'app' && path !== ENTRY) return [{ path, content: files.get(path) ?? '' }];
    if (namespace === 'builtin') return [{ path, content: builtins.get(path) ?? '' }];
    return [];
  });
  const css = await compileAppCss({ cssFiles, sources, ...(style ? { style } : {}) }, files);
  if (!css.ok) return { ok: false, errors: css.errors };
  const kit = used.delete(KIT);
  return { ok: true, code, css: css.css, groups: [...used].sort(), kit };
}
