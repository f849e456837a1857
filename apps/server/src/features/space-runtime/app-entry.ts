import { pageNameOf } from '@buildai/domain';

/**
 * How an app starts (decision 0012, "How an app starts"), in this order: its own `main.tsx` that renders it (the
 * Vite layout Lovable, bolt and Dyad write), else its `App.tsx` as the root the runtime renders, else the routes of
 * a Next.js-style `app/…/page.tsx` (v0), else its `pages/{Name}.tsx`, one page each.
 */
export type AppMode = 'main' | 'app' | 'next' | 'pages';

const MAIN_FILES = ['src/main.tsx', 'src/main.jsx', 'main.tsx', 'main.jsx', 'src/index.tsx', 'index.tsx'];
const APP_FILES = ['src/App.tsx', 'src/App.jsx', 'App.tsx', 'App.jsx'];
/** The stylesheet an app's main.tsx would import, for the layouts where the runtime renders the root. */
const STYLESHEETS = [
  'src/index.css',
  'index.css',
  'src/globals.css',
  'globals.css',
  'src/app/globals.css',
  'app/globals.css',
  'src/styles/globals.css',
  'styles/globals.css',
];
const NEXT_PAGE = /^(?:src\/)?app\/(?:(.+)\/)?page\.(?:tsx|jsx)$/;

/** A route path of a Next.js page folder: `(group)` folders dropped, `[id]` → `:id`, `[...slug]` → `*`. */
function nextRoute(folder: string | undefined): string {
  if (!folder) return '/';
  const segments = folder
    .split('/')
    .filter((segment) => !/^\(.*\)$/.test(segment))
    .map((segment) => {
      if (/^\[\[?\.\.\..+\]\]?$/.test(segment)) return '*';
      const param = /^\[(.+)\]$/.exec(segment)?.[1];
      return param ? `:${param}` : segment;
    });
  return `/${segments.join('/')}`;
}

/** A main.tsx counts when it renders (a file of that name that only exports something is an ordinary module). */
const renders = (content: string) => /\bcreateRoot\s*\(|\bhydrateRoot\s*\(|\brender\s*\(/.test(content);

export interface AppEntry {
  mode: AppMode;
  /** the generated entry module (imports are relative to the app's root) */
  source: string;
}

export function appEntry(files: Map<string, string>): AppEntry {
  const rel = (path: string) => JSON.stringify(`./${path}`);
  const main = MAIN_FILES.find((path) => files.has(path) && renders(files.get(path)!));
  if (main) {
    return { mode: 'main', source: `import ${rel(main)};\nglobalThis.__buildaiApp = { mode: 'main' };\n` };
  }
  const css = STYLESHEETS.find((path) => files.has(path));
  const cssImport = css ? `import ${rel(css)};\n` : '';
  const app = APP_FILES.find((path) => files.has(path));
  if (app) {
    return {
      mode: 'app',
      source: `${cssImport}import * as root from ${rel(app)};\nglobalThis.__buildaiApp = { mode: 'app', root };\n`,
    };
  }
  const nextPages = [...files.keys()].flatMap((path) => {
    const match = NEXT_PAGE.exec(path);
    return match ? [{ path, route: nextRoute(match[1]) }] : [];
  });
  if (nextPages.length > 0) {
    const imports = nextPages.map((p, i) => `import * as route${i} from ${rel(p.path)};`);
    const routes = nextPages.map((p, i) => `{ path: ${JSON.stringify(p.route)}, module: route${i} }`);
    return {
      mode: 'next',
      source: `${cssImport}${imports.join('\n')}\nglobalThis.__buildaiApp = { mode: 'next', routes: [${routes.join(', ')}] };\n`,
    };
  }
  const pages = [...files.keys()].flatMap((path) => {
    const name = pageNameOf(path);
    return name ? [{ name, path }] : [];
  });
  const imports = pages.map((p, i) => `import * as page${i} from ${rel(p.path)};`);
  const table = pages.map((p, i) => `${JSON.stringify(p.name)}: page${i}`).join(', ');
  return {
    mode: 'pages',
    source: `${cssImport}${imports.join('\n')}\nglobalThis.__buildaiApp = { mode: 'pages', pages: { ${table} } };\n`,
  };
}
