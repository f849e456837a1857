import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';
import type { compile as Compile } from 'tailwindcss';
import type { AppBuildError, AppStyle } from '@buildai/domain';
import { dirOf, joinPath } from './app-paths';
import { brandingCss, themeCss, themeFormOf } from './app-theme';
import { RUNTIME_DIR } from './shared-modules';
import { CONFIG_FILES, readTailwindConfig, type StaticConfig } from './tailwind-config';

/**
 * An app's stylesheet (decision 0012, "Tailwind"): Tailwind CSS v4 compiled on the server with the `tailwindcss`
 * package's own compiler and default theme, from the classes the app's bundled files use, after the shadcn theme
 * and the app's own CSS files (in the order its code imports them).
 */

const require = createRequire(import.meta.url);
const TAILWIND_DIR = dirname(require.resolve('tailwindcss/package.json', { paths: [RUNTIME_DIR] }));
type Scanner = new (options: object) => {
  scanFiles(input: { content: string; extension: string }[]): string[];
};

/** Tailwind's compiler and scanner, loaded with the first stylesheet (a server that builds no app needs neither). */
let scanner: Scanner | undefined;
let tailwind: Promise<typeof Compile> | undefined;
function loadScanner(): Scanner {
  scanner ??= (
    require(require.resolve('@tailwindcss/oxide', { paths: [RUNTIME_DIR] })) as { Scanner: Scanner }
  ).Scanner;
  return scanner;
}
function loadCompile(): Promise<typeof Compile> {
  tailwind ??= import('tailwindcss').then((m) => m.compile);
  return tailwind;
}

type DesignSystem = { candidatesToCss(classes: string[]): (string | null)[] };
const designSystems = new LRUCache<string, Promise<DesignSystem>>({ max: 32 });

/**
 * Tailwind's design system for an app's CSS files (the theme, its own `@theme` and `@utility`), which says what
 * CSS a class generates, if any (the validation tester's Tailwind detector). Kept by its input.
 */
export function appDesignSystem(cssFiles: CssFile[], style?: AppStyle): Promise<DesignSystem> {
  const form = themeFormOf(cssFiles.map((f) => f.content).join('\n'));
  const own = cssFiles.map((file) => prepare(file).css).join('\n');
  const source = ['@import "tailwindcss";', '@import "tw-animate-css";', themeCss(style, form), own].join(
    '\n',
  );
  const key = createHash('sha1').update(source).digest('base64');
  let found = designSystems.get(key);
  if (!found) {
    found = import('tailwindcss').then((m) =>
      (
        m as unknown as {
          __unstable__loadDesignSystem(css: string, options: object): Promise<DesignSystem>;
        }
      ).__unstable__loadDesignSystem(source, {
        base: '/app',
        loadStylesheet: async (id: string) => {
          const known = STYLESHEETS[id];
          if (!known) return { path: id, base: '/app', content: '' };
          const path = known();
          return { path, base: dirname(path), content: await stylesheet(path) };
        },
        loadModule: async (id: string, base: string) => {
          const plugin = PLUGINS[id];
          return { path: id, base, module: plugin ? plugin() : {} };
        },
      }),
    );
    found.catch(() => designSystems.delete(key));
    designSystems.set(key, found);
  }
  return found;
}

/** A package's folder as Node would find it from the runtime package (for packages whose `exports` hide it). */
function packageDir(name: string): string {
  const found = (require.resolve.paths(name) ?? [])
    .map((dir) => join(dir, name))
    .find((dir) => existsSync(join(dir, 'package.json')));
  if (!found) throw new Error(`${name} is not installed`);
  return found;
}

/** Stylesheets a CSS file may import, by the name it writes. */
const STYLESHEETS: Record<string, () => string> = {
  tailwindcss: () => join(TAILWIND_DIR, 'index.css'),
  'tailwindcss/index.css': () => join(TAILWIND_DIR, 'index.css'),
  'tailwindcss/theme': () => join(TAILWIND_DIR, 'theme.css'),
  'tailwindcss/theme.css': () => join(TAILWIND_DIR, 'theme.css'),
  'tailwindcss/preflight': () => join(TAILWIND_DIR, 'preflight.css'),
  'tailwindcss/preflight.css': () => join(TAILWIND_DIR, 'preflight.css'),
  'tailwindcss/utilities': () => join(TAILWIND_DIR, 'utilities.css'),
  'tailwindcss/utilities.css': () => join(TAILWIND_DIR, 'utilities.css'),
  'tw-animate-css': () => join(packageDir('tw-animate-css'), 'dist', 'tw-animate.css'),
};

/** Tailwind plugins a CSS file may name with `@plugin` (v3 projects' `tailwindcss-animate`). */
const PLUGINS: Record<string, () => unknown> = {
  'tailwindcss-animate': () => require(require.resolve('tailwindcss-animate', { paths: [RUNTIME_DIR] })),
};

const stylesheetCache = new Map<string, Promise<string>>();
function stylesheet(path: string): Promise<string> {
  let cached = stylesheetCache.get(path);
  if (!cached) stylesheetCache.set(path, (cached = readFile(path, 'utf8')));
  return cached;
}

/** Candidates (words that may be classes) of one file's text, kept by its content. */
const candidateCache = new LRUCache<string, string[]>({ max: 20_000 });

function candidatesOf(content: string, extension: string): string[] {
  const key = createHash('sha1').update(extension).update('\0').update(content).digest('base64');
  let found = candidateCache.get(key);
  if (!found) {
    found = new (loadScanner())({}).scanFiles([{ content, extension }]);
    candidateCache.set(key, found);
  }
  return found;
}

export interface CssFile {
  path: string;
  content: string;
}

export interface AppCssInput {
  /** the app's CSS files its code imports, in that order */
  cssFiles: CssFile[];
  /** the app's and the built-in files in the bundle, whose classes are generated */
  sources: { path: string; content: string }[];
  style?: AppStyle;
}

export type AppCss = { ok: true; css: string } | { ok: false; errors: AppBuildError[] };

/** What an app's CSS writes that the theme already brings (the v3 directives, the v4 imports). */
const PROVIDED = [
  /@import\s+(?:url\()?\s*["']tailwindcss(?:\/index(?:\.css)?)?["']\s*\)?[^;]*;/g,
  /@import\s+["']tw-animate-css["'][^;]*;/g,
  /@tailwind\s+(?:base|components|utilities|variants|screens)\s*;/g,
  /@config\s+[^;]+;/g,
];

const URL_IMPORT =
  /@import\s+url\(\s*(["']?)(https:[^"')]+)\1\s*\)\s*[^;]*;|@import\s+(["'])(https:[^"']+)\3\s*[^;]*;/g;

/** Blanks out what is dropped, keeping its newlines, so the lines of an error still count right. */
function blank(text: string): string {
  return text.replace(/[^\n]/g, ' ');
}

interface Prepared {
  /** `@import url(https://…)` of web fonts: they lead the stylesheet, as CSS wants imports first */
  urlImports: string[];
  css: string;
}

function prepare(file: CssFile): Prepared {
  const urlImports: string[] = [];
  let css = file.content;
  for (const pattern of PROVIDED) css = css.replace(pattern, blank);
  css = css.replace(URL_IMPORT, (whole: string, ...groups: (string | undefined)[]) => {
    const [, url1, , url2] = groups;
    urlImports.push(`@import url("${url1 ?? url2}");`);
    return blank(whole);
  });
  return { urlImports, css };
}

/** The file and line an error of the compiler is about: the first line of an app CSS file naming its subject. */
function locate(message: string, files: CssFile[]): Pick<AppBuildError, 'file' | 'line' | 'column'> {
  const subject = /`([^`]+)`/.exec(message)?.[1] ?? /"([^"]+)"/.exec(message)?.[1];
  if (subject) {
    for (const file of files) {
      const lines = file.content.split('\n');
      const index = lines.findIndex((line) => line.includes(subject));
      if (index >= 0) return { file: file.path, line: index + 1, column: lines[index]!.indexOf(subject) + 1 };
    }
  }
  return { file: files[0]?.path ?? null, line: null, column: null };
}

/** Compiles the app's stylesheet. A CSS error is a build error with its file and line. */
export async function compileAppCss(input: AppCssInput, appFiles: Map<string, string>): Promise<AppCss> {
  const prepared = input.cssFiles.map((file) => ({ file, ...prepare(file) }));
  const own = prepared.map((p) => `/* ${p.file.path} */\n${p.css}`).join('\n');
  const form = themeFormOf(input.cssFiles.map((f) => f.content).join('\n'));
  const configFile = CONFIG_FILES.find((path) => appFiles.has(path));
  let config: StaticConfig | null = null;
  if (configFile) {
    try {
      config = await readTailwindConfig(appFiles.get(configFile)!, configFile);
    } catch {
      config = null;
    }
  }
  const source = [
    '@import "tailwindcss";',
    '@import "tw-animate-css";',
    themeCss(input.style, form),
    config ? '@config "tailwind.config";' : '',
    own,
    brandingCss(input.style, form),
  ].join('\n');
  const candidates = new Set<string>();
  for (const file of input.sources) {
    const extension = /\.([a-z]+)$/.exec(file.path)?.[1] ?? 'tsx';
    for (const candidate of candidatesOf(file.content, extension)) candidates.add(candidate);
  }
  try {
    const key = compilerKey(source, appFiles, configFile);
    const pooled = compilers.get(key);
    let compiler: PooledCompiler | undefined = pooled ? await pooled : undefined;
    if (compiler && !fits(compiler, candidates)) compiler = undefined;
    if (!compiler) {
      const made = newCompiler({ source, appFiles, config, configFile });
      compilers.set(key, made);
      made.catch(() => compilers.delete(key));
      compiler = await made;
    }
    for (const candidate of candidates) compiler.seen.add(candidate);
    const css = compiler.compiler.build([...candidates]);
    const imports = [...new Set(prepared.flatMap((p) => p.urlImports))];
    return { ok: true, css: imports.length ? `${imports.join('\n')}\n${css}` : css };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, errors: [{ ...locate(message, input.cssFiles), message: `CSS: ${message}` }] };
  }
}

/**
 * Compilers kept by their input (the theme, the app's CSS and config): parsing Tailwind's stylesheet is most of a
 * build's CSS time. A compiler generates every class it has been given so far, so one is reused only while what it
 * has seen stays within BLOAT of what the build asks (one app's next change); else a new one is made.
 */
interface PooledCompiler {
  compiler: Awaited<ReturnType<typeof Compile>>;
  seen: Set<string>;
}
const compilers = new LRUCache<string, Promise<PooledCompiler>>({ max: 64 });
const BLOAT = 1.25;

function fits(pooled: PooledCompiler, candidates: Set<string>): boolean {
  let union = pooled.seen.size;
  for (const candidate of candidates) if (!pooled.seen.has(candidate)) union += 1;
  return union <= candidates.size * BLOAT;
}

function compilerKey(source: string, appFiles: Map<string, string>, configFile: string | undefined): string {
  const hash = createHash('sha1').update(source);
  if (configFile) hash.update('\0config\0').update(appFiles.get(configFile) ?? '');
  // a stylesheet may import another of the app's (`@import "./theme.css"`)
  for (const [path, content] of appFiles)
    if (path.endsWith('.css')) hash.update(`\0${path}\0`).update(content);
  return hash.digest('base64');
}

interface NewCompilerOptions {
  source: string;
  appFiles: Map<string, string>;
  config: StaticConfig | null;
  configFile: string | undefined;
}

async function newCompiler({
  source,
  appFiles,
  config,
  configFile,
}: NewCompilerOptions): Promise<PooledCompiler> {
  const compile = await loadCompile();
  const compiler = await compile(source, {
    base: '/app',
    loadStylesheet: async (id, base) => {
      const known = STYLESHEETS[id];
      if (known) {
        const path = known();
        return { path, base: dirname(path), content: await stylesheet(path) };
      }
      if (id.startsWith('.') && base.startsWith('/app')) {
        const path = joinPath(base.slice('/app'.length).replace(/^\//, ''), id);
        const content = appFiles.get(path);
        if (content !== undefined) return { path, base: `/app/${dirOf(path)}`, content };
      }
      throw new Error(
        `"${id}" cannot be imported in CSS: only the app's own CSS files, tailwindcss and tw-animate-css`,
      );
    },
    loadModule: async (id, base, type) => {
      if (type === 'config' && id === 'tailwind.config' && config) {
        const plugins = config.plugins.flatMap((name) => (PLUGINS[name] ? [PLUGINS[name]()] : []));
        const module = { ...(config.theme ? { theme: config.theme } : {}), plugins };
        return { path: configFile!, base, module: module as never };
      }
      const plugin = type === 'plugin' ? PLUGINS[id] : undefined;
      if (!plugin) {
        throw new Error(
          type === 'config'
            ? `@config "${id}" is not read: Tailwind's settings go in the CSS (@theme)`
            : `@plugin "${id}" is not available: only tailwindcss-animate`,
        );
      }
      return { path: id, base, module: plugin() as never };
    },
  });
  return { compiler, seen: new Set() };
}
