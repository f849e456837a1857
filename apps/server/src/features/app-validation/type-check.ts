import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
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

/**
 * A file's type errors, kept by its code and the code of the app files it imports (comments left out: they change
 * no type): a validation checks again only the files whose code, or whose imports' code, changed.
 */
const checked = new LRUCache<string, { line: number; column: number; message: string }[]>({ max: 20_000 });

/** The file's text with its comments blanked (their newlines kept, so lines still count right). */
function codeOf(t: TypeScript, source: ts.SourceFile): string {
  const text = source.text;
  const ranges = new Map<number, number>();
  const note = (list: ts.CommentRange[] | undefined) => {
    for (const r of list ?? []) ranges.set(r.pos, r.end);
  };
  const visit = (node: ts.Node) => {
    note(t.getLeadingCommentRanges(text, node.pos));
    note(t.getTrailingCommentRanges(text, node.end));
    t.forEachChild(node, visit);
  };
  visit(source);
  note(t.getLeadingCommentRanges(text, source.endOfFileToken.pos));
  if (ranges.size === 0) return text;
  let out = '';
  let at = 0;
  for (const [pos, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (pos < at) continue;
    out += text.slice(at, pos) + text.slice(pos, end).replace(/[^\n]/g, ' ');
    at = end;
  }
  return out + text.slice(at);
}

/** The key of a file's type errors: its code and its app imports' code, transitively. */
function checkKeys(t: TypeScript, sound: Parsed[], find: ReturnType<typeof finder>): Map<string, string> {
  const code = new Map(
    sound.map((f) => [f.path, createHash('sha1').update(codeOf(t, f.source)).digest('base64')]),
  );
  const imports = new Map<string, string[]>();
  for (const file of sound) {
    const found: string[] = [];
    for (const statement of file.source.statements) {
      const specifier =
        (t.isImportDeclaration(statement) || t.isExportDeclaration(statement)) &&
        statement.moduleSpecifier &&
        t.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : null;
      if (!specifier || !/^(\.\.?\/|[@~]\/)/.test(specifier)) continue;
      const target = find(specifier, file.path);
      found.push(target ? `${target.namespace}:${target.path}` : `missing:${specifier}`);
    }
    imports.set(file.path, found);
  }
  const keys = new Map<string, string>();
  for (const file of sound) {
    const seen = new Set<string>([file.path]);
    const queue = [file.path];
    const parts: string[] = [];
    while (queue.length) {
      const path = queue.shift()!;
      parts.push(`${path}\0${code.get(path) ?? 'not-checked'}`);
      for (const target of imports.get(path) ?? []) {
        parts.push(`>${target}`);
        const [namespace, ...rest] = target.split(':');
        const next = rest.join(':');
        if (namespace === 'app' && !seen.has(next)) {
          seen.add(next);
          queue.push(next);
        }
      }
    }
    keys.set(file.path, createHash('sha1').update(parts.sort().join('\n')).digest('base64'));
  }
  return keys;
}

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
  const keys = checkKeys(t, sound, find);
  const toCheck = sound.filter((f) => !checked.has(keys.get(f.path)!));
  if (toCheck.length > 0) {
    const roots = [AMBIENT_FILE, ...toCheck.map((f) => ROOT + f.path)];
    const program = t.createProgram({ rootNames: roots, options, host });
    for (const file of toCheck) {
      const source = program.getSourceFile(ROOT + file.path);
      const found: { line: number; column: number; message: string }[] = [];
      for (const d of source ? program.getSemanticDiagnostics(source) : []) {
        if (d.category !== t.DiagnosticCategory.Error || LEFT_TO_OTHERS.has(d.code)) continue;
        const at = source!.getLineAndCharacterOfPosition(d.start ?? 0);
        found.push({
          line: at.line + 1,
          column: at.character,
          message: t.flattenDiagnosticMessageText(d.messageText, '\n').slice(0, 1000),
        });
      }
      checked.set(keys.get(file.path)!, found);
    }
  }
  const errors: TypeError[] = [];
  for (const file of sound) {
    for (const found of checked.get(keys.get(file.path)!) ?? []) {
      const lines = file.source.getLineStarts();
      const start = Math.min(
        (lines[found.line - 1] ?? 0) + found.column,
        file.source.text.length > 0 ? file.source.text.length - 1 : 0,
      );
      errors.push({
        file: file.path,
        line: found.line,
        message: found.message,
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
