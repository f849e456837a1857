import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The corpus of pages and projects written by Lovable, bolt, v0, Dyad and Base44 users (fixtures/model-written,
 * copied unchanged from public repositories; manifest.json names each one's repository, commit and paths), as the
 * files of a space app. A single page or component is rendered by a harness `App.tsx` of ours (inside a router,
 * under the provider its project mounted); a whole project runs as it is.
 */
export const CORPUS_DIR = fileURLToPath(new URL('./fixtures/model-written/', import.meta.url));

export interface CorpusItem {
  id: string;
  kind: 'page' | 'project';
  generator: string;
  repo: string;
  commit: string;
  entry: string;
  exportKind: string;
  /** the entry needs props to render: it is built, not rendered */
  props: boolean;
  provider?: { path: string; name: string };
  /** why the item is built but not rendered on its own (it leaves for a page of its project) */
  noRender?: string;
}

interface Manifest {
  items: CorpusItem[];
  leftOut: { repo: string; commit: string; path: string; reason: string }[];
}

export function corpusManifest(): Manifest {
  return JSON.parse(readFileSync(join(CORPUS_DIR, 'manifest.json'), 'utf8')) as Manifest;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Build tooling of a project (Vite, PostCSS, lint and package files) is not part of an app. */
const TOOLING =
  /(^|\/)(package(-lock)?\.json|tsconfig[^/]*\.json|vite\.config\.[jt]s|postcss\.config\.[cm]?js|eslint\.config\.js|components\.json)$/;
const APP_FILE = /\.(tsx|ts|jsx|js|css|json|svg)$/;

const withoutExtension = (path: string) => path.replace(/\.(t|j)sx?$/, '');

/** The harness root of a single page: the entry inside a router (and its project's provider). */
function harness(item: CorpusItem): string {
  const name = item.exportKind === 'default' ? 'default' : item.exportKind.split(':')[1]!;
  const provider = item.provider
    ? `import { ${item.provider.name} as Provider } from './${item.provider.path}';\n`
    : '';
  const inner = item.provider ? '<Provider><Entry /></Provider>' : '<Entry />';
  return `import { BrowserRouter } from 'react-router-dom';
import * as entry from './${withoutExtension(item.entry)}';
${provider}
const Entry = (entry as unknown as Record<string, () => JSX.Element>)[${JSON.stringify(name)}]!;

export default function App() {
  return <BrowserRouter>${inner}</BrowserRouter>;
}
`;
}

/** The files of one item as a space app holds them. */
export function corpusFiles(item: CorpusItem): { path: string; content: string }[] {
  const dir = join(CORPUS_DIR, item.kind === 'project' ? 'projects' : 'pages', item.id);
  const files = walk(dir)
    .map((path) => relative(dir, path).split('\\').join('/'))
    .filter((path) => APP_FILE.test(path) && !TOOLING.test(path))
    .map((path) => ({ path, content: readFileSync(join(dir, path), 'utf8') }));
  const ownRoot = /(^|\/)App\.(t|j)sx$/.test(item.entry);
  if (item.kind === 'page' && !ownRoot) files.push({ path: 'App.tsx', content: harness(item) });
  return files;
}
