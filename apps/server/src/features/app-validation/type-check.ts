import { join } from 'node:path';
import { MODULE_GROUPS } from '@buildai/app-runtime/modules';
import type { AppFile } from '@buildai/domain';
import type ts from 'typescript';
import { builtinFiles } from '../space-runtime';
import { finder } from '../space-runtime';
import { RUNTIME_DIR } from '../space-runtime';
import type { Parsed } from './detectors';
import type { TypeScript } from './typescript';

/**
 * Type errors of an app's files (decision 0013, "Detectors"): a TypeScript program over the app's files (virtual,
 * under /app/), the built-in shadcn/ui files it imports, and the runtime's packages' own types from disk. Loose as
 * a model's code expects (no strict mode); only errors in the app's own files count, and not the ones another
 * detector names (a module that cannot be found, an unknown icon, an undefined component).
 */

const ROOT = '/app/';
const BUILTIN_ROOT = '/app/.builtin/';
/** what the other detectors report: cannot find module (2307, 2792), no exported member (2305, 2724, 2614), no default export (1192, 2613) */
const LEFT_TO_OTHERS = new Set([2307, 2792, 2305, 2724, 2614, 2613, 7016, 2875, 1192]);
/** the module paths of the shared groups that are the runtime's own files */
const LOCAL_MODULES = new Map(
  MODULE_GROUPS.flatMap((group) =>
    Object.entries(group.modules)
      .filter(([, target]) => target.startsWith('./'))
      .map(([name, target]) => [name, join(RUNTIME_DIR, target)] as const),
  ),
);

/** What an app may assume exists: Vite's `import.meta.env`, stylesheets and images as modules. */
const AMBIENT = `
interface ImportMetaEnv { readonly [key: string]: any }
interface ImportMeta { readonly env: ImportMetaEnv }
declare module '*.css';
declare module '*.svg' { const src: string; export default src; }
declare module '*.png' { const src: string; export default src; }
`;
const AMBIENT_FILE = `${ROOT}.ambient.d.ts`;

/** Files from disk (the TypeScript libraries, the packages' types), parsed once per server. */
const diskFiles = new Map<string, ts.SourceFile | undefined>();
/** The app's and the built-in files, parsed once per text. */
const virtualFiles = new Map<string, ts.SourceFile>();
const MAX_VIRTUAL = 5000;
/** Where a package's import leads from a file on disk (or from the app), found once per server. */
const diskResolutions = new Map<string, ts.ResolvedModuleWithFailedLookupLocations>();
/** TypeScript's own cache of package.json lookups, kept across programs (most of a program's making without it) */
let resolutionCache: ts.ModuleResolutionCache | undefined;

export interface TypeError {
  file: string;
  line: number;
  message: string;
  node?: ts.Node;
}

export async function typeErrors(t: TypeScript, appFiles: AppFile[], sound: Parsed[]): Promise<TypeError[]> {
  const files = new Map(appFiles.map((f) => [f.path, f.content]));
  const builtins = builtinFiles();
  const find = finder(files);
  const options: ts.CompilerOptions = {
    target: t.ScriptTarget.ES2020,
    module: t.ModuleKind.ESNext,
    moduleResolution: t.ModuleResolutionKind.Bundler,
    jsx: t.JsxEmit.ReactJSX,
    strict: false,
    noEmit: true,
    skipLibCheck: true,
    allowJs: true,
    checkJs: false,
    esModuleInterop: true,
    allowSyntheticDefaultImports: true,
    resolveJsonModule: true,
    lib: ['lib.es2020.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: [],
  };

  const virtualText = (fileName: string): string | undefined => {
    if (fileName === AMBIENT_FILE) return AMBIENT;
    if (fileName.startsWith(BUILTIN_ROOT)) return builtins.get(fileName.slice(BUILTIN_ROOT.length));
    if (fileName.startsWith(ROOT)) return files.get(fileName.slice(ROOT.length));
    return undefined;
  };
  const appPathOf = (fileName: string) =>
    fileName.startsWith(BUILTIN_ROOT) ? fileName.slice(BUILTIN_ROOT.length) : fileName.slice(ROOT.length);

  resolutionCache ??= t.createModuleResolutionCache(ROOT, (f) => f, options);
  const cache = resolutionCache;
  const host: ts.CompilerHost = {
    getModuleResolutionCache: () => cache,
    getSourceFile(fileName, languageVersion) {
      const text = virtualText(fileName);
      if (text !== undefined) {
        const key = `${fileName}\0${text}`;
        let source = virtualFiles.get(key);
        if (!source) {
          const kind = /\.(tsx|jsx)$/.test(fileName) ? t.ScriptKind.TSX : t.ScriptKind.TS;
          source = t.createSourceFile(fileName, text, languageVersion, true, kind);
          if (virtualFiles.size > MAX_VIRTUAL) virtualFiles.clear();
          virtualFiles.set(key, source);
        }
        return source;
      }
      if (fileName.startsWith(ROOT)) return undefined;
      if (!diskFiles.has(fileName)) {
        const content = t.sys.readFile(fileName);
        diskFiles.set(
          fileName,
          content === undefined ? undefined : t.createSourceFile(fileName, content, languageVersion, true),
        );
      }
      return diskFiles.get(fileName);
    },
    getDefaultLibFileName: (o) => t.getDefaultLibFilePath(o),
    writeFile: () => {},
    getCurrentDirectory: () => ROOT,
    getCanonicalFileName: (f) => f,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => '\n',
    fileExists: (f) => virtualText(f) !== undefined || (!f.startsWith(ROOT) && t.sys.fileExists(f)),
    readFile: (f) => virtualText(f) ?? (f.startsWith(ROOT) ? undefined : t.sys.readFile(f)),
    directoryExists: (d) => d.startsWith('/app') || t.sys.directoryExists(d),
    realpath: (p) => (p.startsWith(ROOT) ? p : (t.sys.realpath?.(p) ?? p)),
    resolveModuleNameLiterals(literals, containingFile) {
      return literals.map((literal) => {
        const name = literal.text;
        const local = name.startsWith('./') || name.startsWith('../');
        const alias = name.startsWith('@/') || name.startsWith('~/');
        if ((local || alias) && containingFile.startsWith(ROOT)) {
          const found = find(name, appPathOf(containingFile));
          if (!found || !/\.(tsx|ts|jsx|js)$/.test(found.path)) return { resolvedModule: undefined };
          const resolvedFileName = (found.namespace === 'app' ? ROOT : BUILTIN_ROOT) + found.path;
          return {
            resolvedModule: {
              resolvedFileName,
              extension: extensionOf(t, found.path),
              isExternalLibraryImport: false,
            },
          };
        }
        const own = LOCAL_MODULES.get(name);
        if (own) {
          return { resolvedModule: { resolvedFileName: own, extension: extensionOf(t, own) } };
        }
        const from = containingFile.startsWith(ROOT) ? join(RUNTIME_DIR, 'src', 'index.ts') : containingFile;
        const key = `${from}\0${name}`;
        let resolved = diskResolutions.get(key);
        if (!resolved)
          diskResolutions.set(key, (resolved = t.resolveModuleName(name, from, options, t.sys, cache)));
        return resolved;
      });
    },
  };
  const roots = [AMBIENT_FILE, ...sound.map((f) => ROOT + f.path)];
  const program = t.createProgram({ rootNames: roots, options, host });
  const errors: TypeError[] = [];
  for (const file of sound) {
    const source = program.getSourceFile(ROOT + file.path);
    if (!source) continue;
    for (const d of program.getSemanticDiagnostics(source)) {
      if (d.category !== t.DiagnosticCategory.Error || LEFT_TO_OTHERS.has(d.code)) continue;
      const start = d.start ?? 0;
      errors.push({
        file: file.path,
        line: source.getLineAndCharacterOfPosition(start).line + 1,
        message: t.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 1000),
        node: nodeAt(t, file.source, start),
      });
    }
  }
  return errors;
}

function extensionOf(t: TypeScript, path: string): ts.Extension {
  if (path.endsWith('.tsx')) return t.Extension.Tsx;
  if (path.endsWith('.jsx')) return t.Extension.Jsx;
  if (path.endsWith('.js')) return t.Extension.Js;
  return t.Extension.Ts;
}

/** The innermost node of the detectors' own parse at a position (for the component it is in). */
function nodeAt(t: TypeScript, source: ts.SourceFile, position: number): ts.Node {
  let found: ts.Node = source;
  const visit = (node: ts.Node) => {
    if (position >= node.getStart(source) && position < node.getEnd()) {
      found = node;
      t.forEachChild(node, visit);
    }
  };
  t.forEachChild(source, visit);
  return found;
}
