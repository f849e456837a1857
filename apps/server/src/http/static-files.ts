import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type EncodingName = 'br' | 'gzip' | 'identity';

/** One encoding of a file: on disk (streamed) or, for the HTML documents, held in memory. */
export interface Encoded {
  name: EncodingName;
  path: string;
  size: number;
  contents?: Uint8Array;
}

export interface StaticFile extends Encoded {
  urlPath: string;
  /** precompressed copies, best first (brotli, then gzip), each smaller than the file */
  variants: Encoded[];
  etag?: string;
}

export interface WebDist {
  files: Map<string, StaticFile>;
  /** the builder's document (index.html): every client route but the public app pages */
  index: StaticFile | null;
  /** documents of their own for some addresses, without the builder's router (docs/decisions/0005 "Page weight") */
  documents: { file: StaticFile; serves: (path: string) => boolean }[];
}

/**
 * The pages that have a document of their own: the public app pages (an app's home, tools, results, and what lies
 * under them, and the widget's frame `/embed/{appId}`) and the sign-in page.
 */
const OWN_DOCUMENTS = [
  { name: '/runtime.html', serves: (p: string) => p.startsWith('/app/') || p.startsWith('/embed/') },
  { name: '/login.html', serves: (p: string) => p === '/login' },
];

/** Made at build time by apps/web/precompress.ts next to each file: `app.js.br`, `app.js.gz`. */
const VARIANTS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function walk(dir: string, base = dir): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return []; // not built (yet): every route answers that
  }
  return entries.flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return walk(full, base);
    return e.isFile() ? [path.relative(base, full)] : [];
  });
}

/**
 * An HTML document is read once, with its compressed copies (made here when the build did not). `edit` changes its
 * text first (meta tags the server adds).
 */
function loadDocument(file: StaticFile, edit?: (html: string) => string): StaticFile {
  const read = readFileSync(file.path);
  const contents = edit ? Buffer.from(edit(read.toString('utf8')), 'utf8') : read;
  const etag = `"${createHash('sha256').update(contents).digest('base64url').slice(0, 22)}"`;
  const inMemory = (name: 'br' | 'gzip', bytes: Uint8Array): Encoded => ({
    name,
    path: file.path,
    size: bytes.byteLength,
    contents: bytes,
  });
  const br = brotliCompressSync(contents, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gz = gzipSync(contents, { level: 9 });
  const variants = [inMemory('br', br), inMemory('gzip', gz)].filter((v) => v.size < contents.byteLength);
  return { ...file, contents, size: contents.byteLength, variants, etag };
}

/** The built web app's files, keyed by URL path, read at start (docs/decisions/0006). */
export function loadWebDist(root: string, opts: { editIndex?: (html: string) => string } = {}): WebDist {
  const names = new Set(walk(root).map((p) => p.split(path.sep).join('/')));
  const files = new Map<string, StaticFile>();
  for (const name of names) {
    const variantOf = VARIANTS.find(
      (v) => name.endsWith(v.suffix) && names.has(name.slice(0, -v.suffix.length)),
    );
    if (variantOf) continue; // served as an encoding of its file, not on its own
    const full = path.join(root, name);
    const stat = statSync(full);
    const variants: Encoded[] = [];
    for (const v of VARIANTS) {
      if (!names.has(name + v.suffix)) continue;
      const size = statSync(full + v.suffix).size;
      if (size < stat.size) variants.push({ name: v.name, path: full + v.suffix, size });
    }
    files.set(`/${name}`, {
      urlPath: `/${name}`,
      name: 'identity',
      path: full,
      size: stat.size,
      variants,
      etag: `W/"${stat.size.toString(36)}-${Math.floor(stat.mtimeMs).toString(36)}"`,
    });
  }
  const load = (name: string, edit?: (html: string) => string) => {
    const file = files.get(name);
    if (!file) return null;
    const document = loadDocument(file, edit);
    files.set(name, document);
    return document;
  };
  const index = load('/index.html', opts.editIndex);
  const documents = OWN_DOCUMENTS.flatMap(({ name, serves }) => {
    const file = load(name);
    return file ? [{ file, serves }] : [];
  });
  return { files, index, documents };
}

/** The encodings the request accepts (`Accept-Encoding`, with q=0 refusing one). */
function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    names.add(token);
  }
  if (names.has('*')) VARIANTS.forEach((v) => names.add(v.name));
  return names;
}

/** The smallest copy of the file the browser accepts (brotli before gzip), else the file itself. */
export function negotiateEncoding(acceptEncoding: string | undefined, file: StaticFile): Encoded {
  const ok = accepted(acceptEncoding);
  return file.variants.find((v) => ok.has(v.name)) ?? file;
}
