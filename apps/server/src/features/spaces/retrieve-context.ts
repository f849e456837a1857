import type { ContextMetadata } from '@buildai/domain';

/**
 * Which of the app's files a chat turn sends the model (decision 0007, "Context retrieval"). Several methods, each
 * recorded per file so the turn's evals can say which one found what the turn then used:
 * - `full_text`: BM25 over each file's path and contents against the request's words;
 * - `import_graph`: the files named in the request or changed by the last turn, with what they import and what
 *   imports them (one hop each way);
 * - `recently_edited`: the files changed last.
 */

export const RETRIEVAL_METHODS = ['full_text', 'import_graph', 'recently_edited'] as const;
export type RetrievalMethod = (typeof RETRIEVAL_METHODS)[number];

export interface ContextCandidate {
  path: string;
  content: string;
  updatedAt: Date;
}

export interface RetrieveContextOptions {
  files: ContextCandidate[];
  request: string;
  /** files the previous turns changed, newest first */
  recentlyChanged: string[];
  /** the most characters of file contents sent (the rest of the files are sent by path only) */
  maxChars?: number;
}

export interface RetrievedContext {
  /** the files sent in full, in the order sent */
  files: ContextCandidate[];
  retrievedFiles: ContextMetadata['retrievedFiles'];
}

const FULL_TEXT_TOP = 8;
const RECENT_TOP = 3;
const DEFAULT_MAX_CHARS = 120_000;
const STOP_WORDS = new Set(
  'the a an and or of to in on for with is are be it this that make add change please can you me my i want page app file from into as at by use'.split(
    ' ',
  ),
);

/** Lower-case words of a text, camelCase and paths split, stop words and one-letter words dropped. */
export function termsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !STOP_WORDS.has(t));
}

/** BM25 scores (k1 1.2, b 0.75) of each file against the query's terms; files without a hit are left out. */
export function bm25(files: ContextCandidate[], query: string): Map<string, number> {
  const terms = [...new Set(termsOf(query))];
  const docs = files.map((f) => termsOf(`${f.path} ${f.content}`));
  const avg = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length);
  const df = new Map<string, number>();
  for (const doc of docs) for (const t of new Set(doc)) df.set(t, (df.get(t) ?? 0) + 1);
  const scores = new Map<string, number>();
  docs.forEach((doc, i) => {
    const tf = new Map<string, number>();
    for (const t of doc) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const term of terms) {
      const f = tf.get(term);
      if (!f) continue;
      const n = df.get(term) ?? 0;
      const idf = Math.log(1 + (docs.length - n + 0.5) / (n + 0.5));
      score += (idf * f * 2.2) / (f + 1.2 * (0.25 + (0.75 * doc.length) / Math.max(1, avg)));
    }
    if (score > 0) scores.set(files[i]!.path, score);
  });
  return scores;
}

const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/g;
const EXTENSIONS = ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'];

/** The app files a file imports by a relative path or the `@/` alias. */
export function importsOf(file: ContextCandidate, paths: Set<string>): string[] {
  const dir = file.path.split('/').slice(0, -1);
  const found: string[] = [];
  for (const match of file.content.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2]!;
    // relative, or from the app's root through the runtime's `@/` alias
    const fromRoot = spec.startsWith('@/');
    if (!spec.startsWith('.') && !fromRoot) continue;
    const parts = fromRoot ? [] : [...dir];
    for (const seg of (fromRoot ? spec.slice(2) : spec).split('/')) {
      if (seg === '..') parts.pop();
      else if (seg !== '.' && seg !== '') parts.push(seg);
    }
    const base = parts.join('/');
    const hit = EXTENSIONS.map((ext) => base + ext).find((p) => paths.has(p));
    if (hit) found.push(hit);
  }
  return found;
}

/** Files the request names: by path, or by file name without its extension (`Home` → pages/Home.tsx). */
function namedIn(request: string, files: ContextCandidate[]): string[] {
  const words = new Set(request.split(/[^A-Za-z0-9_./-]+/).map((w) => w.toLowerCase()));
  return files
    .filter((f) => {
      const name = f.path
        .split('/')
        .at(-1)!
        .replace(/\.[^.]+$/, '')
        .toLowerCase();
      return words.has(f.path.toLowerCase()) || words.has(name);
    })
    .map((f) => f.path);
}

function importGraph(files: ContextCandidate[], seeds: string[]): string[] {
  const paths = new Set(files.map((f) => f.path));
  const imports = new Map(files.map((f) => [f.path, importsOf(f, paths)]));
  const out = new Set<string>();
  for (const seed of seeds) {
    if (!paths.has(seed)) continue;
    out.add(seed);
    for (const dep of imports.get(seed) ?? []) out.add(dep);
    for (const [path, deps] of imports) if (deps.includes(seed)) out.add(path);
  }
  return [...out];
}

/** Chooses the turn's context files and says which methods found each. */
export function retrieveContext(options: RetrieveContextOptions): RetrievedContext {
  const { files, request } = options;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const byMethod: Record<RetrievalMethod, string[]> = {
    full_text: [...bm25(files, request)]
      .sort((a, b) => b[1] - a[1])
      .slice(0, FULL_TEXT_TOP)
      .map(([path]) => path),
    import_graph: importGraph(files, [...namedIn(request, files), ...options.recentlyChanged.slice(0, 5)]),
    recently_edited: [...files]
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || a.path.localeCompare(b.path))
      .slice(0, RECENT_TOP)
      .map((f) => f.path),
  };
  const methods = new Map<string, string[]>();
  for (const method of RETRIEVAL_METHODS) {
    for (const path of byMethod[method]) methods.set(path, [...(methods.get(path) ?? []), method]);
  }
  // found by more methods first, then by the full-text rank, so a tight budget keeps the likeliest files
  const rank = new Map(byMethod.full_text.map((p, i) => [p, i]));
  const ordered = [...methods.keys()].sort(
    (a, b) =>
      methods.get(b)!.length - methods.get(a)!.length ||
      (rank.get(a) ?? 99) - (rank.get(b) ?? 99) ||
      a.localeCompare(b),
  );
  const byPath = new Map(files.map((f) => [f.path, f]));
  const sent: ContextCandidate[] = [];
  let chars = 0;
  for (const path of ordered) {
    const file = byPath.get(path)!;
    if (chars + file.content.length > maxChars) continue;
    chars += file.content.length;
    sent.push(file);
  }
  return {
    files: sent,
    retrievedFiles: sent.map((f) => ({ filePath: f.path, retrievalMethods: methods.get(f.path)! })),
  };
}

/** About four characters per token, as the model list's rates assume for an estimate. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);
