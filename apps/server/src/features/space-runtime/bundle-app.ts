import { build, type Message, type Plugin } from 'esbuild';
import { appAllowedImports, pageNameOf, type AppBuildError, type AppFile } from '@buildai/domain';
import { iconsModule, iconsNamed, unknownIconMessage } from './app-icons';

/** The result of building an app's files: its script, or the errors that stopped the build. */
export type AppBuild = { ok: true; code: string } | { ok: false; errors: AppBuildError[] };

const ALLOWED = new Set<string>(appAllowedImports);
const EXTENSIONS = [
  '',
  '.tsx',
  '.ts',
  '.jsx',
  '.js',
  '.json',
  '/index.tsx',
  '/index.ts',
  '/index.jsx',
  '/index.js',
];
const LOADERS = { tsx: 'tsx', ts: 'ts', jsx: 'jsx', js: 'js', json: 'json' } as const;
const ENTRY = '__entry__.js';

const refused = (path: string) =>
  `"${path}" cannot be imported: an app may import ${appAllowedImports.join(', ')} and its own files`;

function joinPath(from: string, relative: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const segment of relative.split('/')) {
    if (segment === '..') parts.pop();
    else if (segment !== '.' && segment !== '') parts.push(segment);
  }
  return parts.join('/');
}

/**
 * The generated entry: every `pages/{Name}.tsx` as a module the runtime routes to. The runtime (shared, loaded
 * before) starts the app with them; the document adds the app's id and main page.
 */
function entrySource(files: Map<string, string>): string {
  const pages = [...files.keys()].flatMap((path) => {
    const name = pageNameOf(path);
    return name ? [{ name, path }] : [];
  });
  const imports = pages.map((p, i) => `import * as page${i} from ${JSON.stringify(`./${p.path}`)};`);
  const table = pages.map((p, i) => `${JSON.stringify(p.name)}: page${i}`).join(', ');
  return `${imports.join('\n')}\nglobalThis.__buildaiApp = { pages: { ${table} } };\n`;
}

/** The shared runtime's module that makes an icon component out of an icon's data (the icons' one import). */
const CREATE_ICON = 'lucide-react/createLucideIcon';

/**
 * Resolves imports inside the app's files and to the shared modules; anything else is refused. `lucide-react` is
 * a module of this build that takes the icons the app names from their own files (decision 0007, "Icons").
 */
function appFilesPlugin(files: Map<string, string>): Plugin {
  return {
    name: 'app-files',
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: ENTRY, namespace: 'app' };
        if (args.namespace === 'icons') {
          // the icons module: the rest of lucide-react from the shared runtime, each icon from its file
          if (args.path === 'lucide-react')
            return { path: args.path, namespace: 'shared', sideEffects: false };
          // as lucide-react's package.json says: an icon nobody uses is left out (a word of a comment, say)
          return { path: args.path, sideEffects: false };
        }
        if (args.namespace === 'file') {
          // inside an icon's file: its one import, the icon factory, is shared (one copy, with lucide's context)
          if (args.path === '../createLucideIcon.mjs') return { path: CREATE_ICON, namespace: 'shared' };
          return { errors: [{ text: `unexpected import "${args.path}" in ${args.importer}` }] };
        }
        if (args.path === 'lucide-react') return { path: args.path, namespace: 'icons' };
        if (ALLOWED.has(args.path)) return { path: args.path, namespace: 'shared' };
        const local = args.path.startsWith('./') || args.path.startsWith('../');
        if (!local && !args.path.startsWith('@/')) {
          return { errors: [{ text: refused(args.path), detail: { importPath: args.path } }] };
        }
        const base = local ? joinPath(args.importer, args.path) : args.path.slice(2);
        const found = EXTENSIONS.map((ext) => base + ext).find((candidate) => files.has(candidate));
        if (!found) {
          return {
            errors: [{ text: `"${args.path}" is not a file of this app`, detail: { importPath: args.path } }],
          };
        }
        return { path: found, namespace: 'app' };
      });
      b.onLoad({ filter: /.*/, namespace: 'shared' }, (args) => ({
        contents: `module.exports = globalThis.__buildaiModules[${JSON.stringify(args.path)}];`,
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'icons' }, () => ({
        contents: iconsModule(iconsNamed(files.values())),
        loader: 'js',
      }));
      b.onLoad({ filter: /.*/, namespace: 'app' }, (args) => {
        if (args.path === ENTRY) return { contents: entrySource(files), loader: 'js' };
        const ext = /\.([a-z]+)$/.exec(args.path)?.[1] as keyof typeof LOADERS | undefined;
        const loader = ext ? LOADERS[ext] : undefined;
        if (!loader)
          return {
            errors: [
              {
                text: `"${args.path}" is not a script: only .tsx, .ts, .jsx, .js and .json files can be imported`,
              },
            ],
          };
        return { contents: files.get(args.path)!, loader };
      });
    },
  };
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
    file: location?.file ? location.file.replace(/^app:/, '') : null,
    line: location?.line ?? null,
    column: location ? location.column + 1 : null,
    message: icon ? unknownIconMessage(icon) : message.text,
    ...(typeof importPath === 'string' ? { importPath } : {}),
  };
}

/** Bundles an app's files (esbuild, in memory) into one script that reads the shared modules from the runtime. */
export async function bundleApp(appFiles: AppFile[]): Promise<AppBuild> {
  const files = new Map(appFiles.map((f) => [f.path, f.content]));
  try {
    const result = await build({
      entryPoints: [ENTRY],
      bundle: true,
      write: false,
      format: 'iife',
      target: 'es2020',
      jsx: 'automatic',
      logLevel: 'silent',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [appFilesPlugin(files)],
    });
    return { ok: true, code: result.outputFiles[0]!.text };
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors;
    if (!Array.isArray(errors)) throw err;
    return { ok: false, errors: errors.map(toBuildError) };
  }
}
