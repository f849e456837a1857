// (e) Retrieval over data source chunks, in-process: 100,000 chunks of generated text with vectors of the product's
// default embedding size (AI_EMBEDDING_DIMENSIONS, 1536; BENCH_DIMENSIONS sets another), bulk loaded, then the HNSW
// index built. A top-10 hybrid query through retrieveContext (full text + vector, fused; the query's vector is given,
// so no model call is timed) against the raw pgvector query for the same ten chunks (`select id, item_id, content …
// order by embedding::vector(n) <=> $1 limit 10`, same app filter, searching with the product's `hnsw.ef_search`),
// in the same job, interleaved. Also recall@10 of the product's vector list (the vector method: the function and
// candidate list hybrid uses) against an exact scan. The HNSW index is then rebuilt (another random graph) and the two forms
// timed again, BENCH_RETRIEVAL_GRAPHS times in all (3 by default); the target is judged on the median ratio, on
// PostgreSQL (decision 0004). It runs in the embedded database (PGlite, in memory) unless
// BENCH_RETRIEVAL_DATABASE_URL=postgres://user@host:5432/postgres names a PostgreSQL server, where it runs in a fresh
// database (dropped at the end). `node --max-old-space-size=8192 --import tsx retrieval.ts` (in bench/) runs this
// benchmark alone; BENCH_CHUNKS and BENCH_QUERIES size it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  createApp,
  createLogger,
  createPlatform,
  loadConfig,
  openDatabase,
  schema,
  type Platform,
} from '@buildai/server';
import { createThrowawayDatabase, openFreshDatabase } from '@buildai/testkit';
import {
  HNSW_EF_SEARCH,
  retrieveContext,
  vectorIndexName,
  vectorIndexSql,
  vectorLiteral,
} from '../apps/server/src/features/context';
import { percentile } from './lib';

const CHUNKS = Number(process.env.BENCH_CHUNKS ?? 100_000);
const PRODUCT_DIMENSIONS = loadConfig({}).AI_EMBEDDING_DIMENSIONS;
/** The product's default embedding size unless BENCH_DIMENSIONS sets another (decision 0004). */
const DIMENSIONS = Number(process.env.BENCH_DIMENSIONS ?? PRODUCT_DIMENSIONS);
/**
 * The vectors' noise is scaled with their size, so that the clusters have the same shape at any size (the spreads are
 * those of 64 dimensions).
 */
const SPREAD = Math.sqrt(64 / DIMENSIONS);
const ITEMS = 100;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 100);
/**
 * HNSW graphs timed: pgvector draws each chunk's levels at random, so each build gives another graph and the ratio
 * moves by about a tenth between them. The target is judged on the median (decision 0004).
 */
const GRAPHS = Math.max(1, Number(process.env.BENCH_RETRIEVAL_GRAPHS ?? 3));
const POSTGRES_URL = process.env.BENCH_RETRIEVAL_DATABASE_URL;
/** A word the generated text never holds (its syllables have no x or y). */
const NO_CHUNK_WORD = 'xylophone';
const CLUSTERS = 200;
const VOCABULARY = 5000;

/** Small seeded generator, so every run loads the same data. */
function mulberry32(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(42);
/** Vectors draw from their own generator, so the text and the queries' words are the same at any vector size. */
const vectorRandom = mulberry32(4242);
const gaussian = () => Math.sqrt(-2 * Math.log(1 - vectorRandom())) * Math.cos(2 * Math.PI * vectorRandom());
const normalize = (v: number[]) => {
  const length = Math.hypot(...v);
  return v.map((x) => x / length);
};

// Words of 2–4 syllables; drawn with a Zipf-like skew, as words of real text are.
const SYLLABLES = [
  'ka',
  'lo',
  'mi',
  'ne',
  'ru',
  'sa',
  'ti',
  'vo',
  'ze',
  'pa',
  'qu',
  'do',
  'fe',
  'gi',
  'ha',
  'jo',
];
const words = Array.from({ length: VOCABULARY }, () => {
  const n = 2 + Math.floor(random() * 3);
  return Array.from({ length: n }, () => SYLLABLES[Math.floor(random() * SYLLABLES.length)]).join('');
});
const word = () => words[Math.min(VOCABULARY - 1, Math.floor(VOCABULARY * random() ** 1.5))]!;
const text = (n: number) => Array.from({ length: n }, word).join(' ');

const centers = Array.from({ length: CLUSTERS }, () =>
  normalize(Array.from({ length: DIMENSIONS }, gaussian)),
);
const near = (center: number[], spread: number) => normalize(center.map((x) => x + spread * gaussian()));
const literal = (v: number[]) => `[${v.map((x) => x.toFixed(6)).join(',')}]`;

async function request(app: ReturnType<typeof createApp>, url: string, token?: string, body?: unknown) {
  const res = await app.request(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token && { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, string>;
}

/** A builder and an app, made through the HTTP API in-process. */
async function makeApp(platform: Platform) {
  const app = createApp(platform);
  const { idToken } = await request(app, '/api/live_api/auth/signUp', undefined, {
    email: 'bench-retrieval@example.com',
    password: 'correct horse battery staple',
    tenantId: 'platform',
  });
  await request(app, '/api/live_api/account/create', idToken);
  const { appId } = await request(app, '/api/apps/new', idToken, { kind: 'tool' });
  const [row] = await platform.db.select().from(schema.apps);
  return { appId: appId!, accountId: row!.ownerAccountId };
}

/**
 * A throwaway database whose sessions search HNSW indexes with the product's candidate list (`hnsw.ef_search`), so
 * the raw query's recall is that of the product's vector list (decision 0004).
 */
async function postgresWithEfSearch(serverUrl: string) {
  const throwaway = await createThrowawayDatabase(serverUrl);
  const name = new URL(throwaway.url).pathname.slice(1);
  const admin = await openDatabase({ url: throwaway.url });
  await admin.db.execute(sql.raw(`alter database ${name} set hnsw.ef_search = ${HNSW_EF_SEARCH}`));
  await admin.close();
  // sessions opened from now on take the setting
  const database = await openDatabase({ url: throwaway.url });
  await database.migrate();
  return { database, drop: throwaway.drop };
}

export async function benchRetrieval() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buildai-bench-retrieval-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    AI_MODELS_URL: '',
    // configured so that vector and hybrid searches run; every query vector is given, the model is never called
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: 'http://127.0.0.1:9/v1',
    AI_EMBEDDING_MODEL: 'bench-embeddings',
    AI_EMBEDDING_DIMENSIONS: String(DIMENSIONS),
  });
  // PGlite in memory, or a throwaway database on POSTGRES_URL's server ('' never falls back to TEST_DATABASE_URL)
  const fresh = POSTGRES_URL ? await postgresWithEfSearch(POSTGRES_URL) : await openFreshDatabase('');
  const { database } = fresh;
  // the raw query searches with the candidate list the product's vector list uses (its one session, in PGlite)
  if (!POSTGRES_URL) await database.db.execute(sql.raw(`set hnsw.ef_search = ${HNSW_EF_SEARCH}`));
  const platform = await createPlatform(config, createLogger(config), { database, refreshModels: false });
  const { appId, accountId } = await makeApp(platform);

  // ---- bulk load, then the index ----
  const loadStarted = performance.now();
  const itemIds = Array.from({ length: ITEMS }, (_, i) => `bench-item-${i}`);
  await platform.db.insert(schema.contextItems).values(
    itemIds.map((id, i) => ({
      id,
      appId,
      accountId,
      name: `document-${i}.txt`,
      type: 'txt' as const,
      source: 'local files' as const,
      status: 'synced' as const,
      numOfChunks: CHUNKS / ITEMS,
    })),
  );
  const vectors: Float32Array[] = [];
  const texts: string[] = [];
  const BATCH = 500;
  for (let start = 0; start < CHUNKS; start += BATCH) {
    const rows = [];
    for (let i = start; i < Math.min(CHUNKS, start + BATCH); i++) {
      const v = near(centers[Math.floor(vectorRandom() * CLUSTERS)]!, 0.08 * SPREAD);
      const t = text(40 + Math.floor(random() * 80));
      vectors.push(Float32Array.from(v));
      texts.push(t);
      rows.push(
        sql`(${`bench-chunk-${i}`}, ${itemIds[i % ITEMS]!}, ${appId}, ${Math.floor(i / ITEMS)}, ${t}, ${literal(v)}::vector)`,
      );
    }
    await platform.db.execute(sql`
      insert into context_chunks (id, item_id, app_id, position, content, embedding)
      values ${sql.join(rows, sql`, `)}`);
  }
  const loadS = (performance.now() - loadStarted) / 1000;
  const indexStarted = performance.now();
  // the graph of large vectors is built in memory (pgvector slows to a crawl once it no longer fits)
  const buildIndex = (statement: string) =>
    platform.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local maintenance_work_mem = '${POSTGRES_URL ? '2GB' : '512MB'}'`));
      await tx.execute(sql.raw(statement));
    });
  // built here with the memory it needs; retrieveContext's own ensureVectorIndex then finds it
  await buildIndex(vectorIndexSql(DIMENSIONS));
  // folds the full-text index's pending list in and gathers statistics (PGlite has no autovacuum)
  await platform.db.execute(sql`vacuum analyze context_chunks`);
  await platform.db.execute(sql`vacuum analyze context_items`);
  const indexS = (performance.now() - indexStarted) / 1000;

  // ---- queries: a perturbed chunk vector, and two words of that chunk; three random words, which few chunks hold
  // all of; and those three with a word no chunk holds, so that full text falls back to chunks holding any of them
  // (as it does for a long question) ----
  const queries = Array.from({ length: QUERIES + 5 }, () => {
    const i = Math.floor(random() * CHUNKS);
    const own = texts[i]!.split(' ');
    const q = [own[Math.floor(random() * own.length)], own[Math.floor(random() * own.length)]];
    return { vector: near(Array.from(vectors[i]!), 0.03 * SPREAD), query: q.join(' '), loose: text(3) };
  });
  const time = async <T>(fn: () => Promise<T>) => {
    const started = performance.now();
    const value = await fn();
    return { ms: performance.now() - started, value };
  };
  // the plain pgvector query for the ten nearest chunks of the app, reading what a retrieval needs (their text), with
  // the query vector written as retrieveContext writes it
  const raw = async (vector: number[]) => {
    const result = await platform.db.execute(sql`
      select c.id, c.item_id, c.content from context_chunks c
      where c.app_id = ${appId} and vector_dims(c.embedding) = ${sql.raw(String(DIMENSIONS))}
      order by c.embedding::vector(${sql.raw(String(DIMENSIONS))}) <=> ${vectorLiteral(vector)}::vector(${sql.raw(String(DIMENSIONS))})
      limit 10`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  };
  const exact = async (vector: number[]) =>
    platform.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_indexscan = off`);
      const result = await tx.execute(sql`
        select c.id from context_chunks c
        where c.app_id = ${appId} and vector_dims(c.embedding) = ${sql.raw(String(DIMENSIONS))}
        order by c.embedding::vector(${sql.raw(String(DIMENSIONS))}) <=> ${literal(vector)}::vector(${sql.raw(String(DIMENSIONS))})
        limit 10`);
      return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
    });
  const plan = await platform.db.execute(sql`explain
      select c.id from context_chunks c
      where c.app_id = ${appId} and vector_dims(c.embedding) = ${sql.raw(String(DIMENSIONS))}
      order by c.embedding::vector(${sql.raw(String(DIMENSIONS))}) <=> ${literal(queries[0]!.vector)}::vector(${sql.raw(String(DIMENSIONS))})
      limit 10`);
  const usesIndex = JSON.stringify(plan).includes(vectorIndexName(DIMENSIONS));

  const hybridMs: number[] = [];
  const rawMs: number[] = [];
  const hybridColdMs: number[] = [];
  const rawColdMs: number[] = [];
  const textMs: number[] = [];
  const looseMs: number[] = [];
  const anyWordMs: number[] = [];
  const matches: number[] = [];
  /** How many chunks hold both words of a query: what its full-text list has to rank. */
  const everyWordMatches = async (query: string) => {
    const result = await platform.db.execute(sql`
      select count(*)::int as n from context_chunks
      where app_id = ${appId} and tsv @@ plainto_tsquery('english', ${query})`);
    return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
  };
  let hybridEmpty = 0;
  const hybrid = (q: (typeof queries)[number]) =>
    retrieveContext(platform, {
      appId,
      query: q.query,
      method: 'hybrid',
      limit: 10,
      queryEmbedding: q.vector,
    });
  const pass = async (n: number, q: (typeof queries)[number]) => {
    if (n % 2 === 0) {
      const h = await time(() => hybrid(q));
      return { h, r: await time(() => raw(q.vector)) };
    }
    const r = await time(() => raw(q.vector));
    return { h: await time(() => hybrid(q)), r };
  };
  /** recall@10 of the vector list against an exact scan, over the timed queries */
  const recallOf = async () => {
    let hits = 0;
    let total = 0;
    for (const q of queries.slice(5)) {
      const approximate = await retrieveContext(platform, {
        appId,
        query: q.query,
        method: 'vector',
        limit: 10,
        queryEmbedding: q.vector,
      });
      const truth = new Set(await exact(q.vector));
      hits += approximate.filter((c) => truth.has(c.chunkId)).length;
      total += truth.size;
    }
    return hits / total;
  };
  for (const [n, q] of queries.entries()) {
    // Each query runs twice in each form, the two forms taking turns at going first. The first run of a query meets
    // the index and table pages it needs outside the database's buffer cache (as a new query does when the data is
    // larger than the cache), and its turn then warms some of them for the other form; the second runs find them
    // all in the cache and time the work itself. The target is judged on the second runs; both are reported.
    const cold = await pass(n, q);
    const { h, r } = await pass(n, q);
    if (
      JSON.stringify(h.value.map((c) => c.chunkId)) !== JSON.stringify(cold.h.value.map((c) => c.chunkId))
    ) {
      throw new Error('the hybrid query answered differently the second time');
    }
    const t = await time(() =>
      retrieveContext(platform, { appId, query: q.query, method: 'fulltext', limit: 10 }),
    );
    const l = await time(() =>
      retrieveContext(platform, {
        appId,
        query: q.loose,
        method: 'hybrid',
        limit: 10,
        queryEmbedding: q.vector,
      }),
    );
    const a = await time(() =>
      retrieveContext(platform, {
        appId,
        query: `${q.loose} ${NO_CHUNK_WORD}`,
        method: 'hybrid',
        limit: 10,
        queryEmbedding: q.vector,
      }),
    );
    if (n < 5) continue; // warm-up
    hybridMs.push(h.ms);
    rawMs.push(r.ms);
    hybridColdMs.push(cold.h.ms);
    rawColdMs.push(cold.r.ms);
    matches.push(await everyWordMatches(q.query));
    textMs.push(t.ms);
    looseMs.push(l.ms);
    anyWordMs.push(a.ms);
    if (h.value.length === 0) hybridEmpty++;
  }
  const graphs = [
    {
      ratio: percentile(hybridMs, 50) / percentile(rawMs, 50),
      hybridP50: percentile(hybridMs, 50),
      rawP50: percentile(rawMs, 50),
      recall: await recallOf(),
    },
  ];
  for (let g = 1; g < GRAPHS; g++) {
    // another graph of the same chunks: the same queries, second runs timed as above
    await buildIndex(`reindex index ${vectorIndexName(DIMENSIONS)}`);
    const hs: number[] = [];
    const rs: number[] = [];
    for (const [n, q] of queries.entries()) {
      await pass(n, q);
      const { h, r } = await pass(n, q);
      if (n < 5) continue;
      hs.push(h.ms);
      rs.push(r.ms);
    }
    graphs.push({
      ratio: percentile(hs, 50) / percentile(rs, 50),
      hybridP50: percentile(hs, 50),
      rawP50: percentile(rs, 50),
      recall: await recallOf(),
    });
  }
  await platform.close();
  await fresh.drop();
  rmSync(dataDir, { recursive: true, force: true });
  // the ratio among queries whose words share few chunks and among those whose words share many
  const byMatches = (from: number, to: number) => {
    const at = matches.flatMap((m, i) => (m >= from && m <= to ? [i] : []));
    if (at.length === 0) return null;
    const p50 = (ms: number[]) => {
      const picked = at.map((i) => ms[i]!);
      return percentile(picked, 50);
    };
    return { from, to, queries: at.length, hybridP50: p50(hybridMs), rawP50: p50(rawMs) };
  };
  return {
    database: POSTGRES_URL ? 'PostgreSQL' : 'embedded PGlite',
    chunks: CHUNKS,
    dimensions: DIMENSIONS,
    productDimensions: PRODUCT_DIMENSIONS,
    queries: QUERIES,
    loadS,
    indexS,
    usesIndex,
    hybridP50: percentile(hybridMs, 50),
    hybridP95: percentile(hybridMs, 95),
    rawP50: percentile(rawMs, 50),
    rawP95: percentile(rawMs, 95),
    hybridColdP50: percentile(hybridColdMs, 50),
    rawColdP50: percentile(rawColdMs, 50),
    textP50: percentile(textMs, 50),
    looseHybridP50: percentile(looseMs, 50),
    anyWordHybridP50: percentile(anyWordMs, 50),
    recall: graphs[0]!.recall,
    graphs,
    medianRatio: percentile(
      graphs.map((g) => g.ratio),
      50,
    ),
    hybridEmpty,
    matchesP50: percentile(matches, 50),
    byMatches: [byMatches(0, 50), byMatches(51, 500), byMatches(501, Infinity)].filter((b) => b !== null),
  };
}

export function printRetrieval(r: Awaited<ReturnType<typeof benchRetrieval>>) {
  const f = (n: number) => n.toFixed(2);
  console.log(
    `\n(e) retrieval, ${r.chunks} chunks, ${r.dimensions}-dimension vectors, ${r.database}, ${r.queries} queries (ms)`,
  );
  console.log(
    `  bulk load ${r.loadS.toFixed(1)} s, HNSW index build + vacuum analyze ${r.indexS.toFixed(1)} s`,
  );
  console.log(
    `  raw pgvector top 10 (HNSW ${r.usesIndex ? 'used' : 'NOT used'}), second run of each query  p50 ${f(r.rawP50)}  p95 ${f(r.rawP95)}`,
  );
  console.log(
    `  hybrid top 10 via retrieveContext, second run of each query  p50 ${f(r.hybridP50)}  p95 ${f(r.hybridP95)}`,
  );
  console.log(`  ratio hybrid/raw p50 ${(r.hybridP50 / r.rawP50).toFixed(2)}x`);
  console.log(
    `  first run of each query (pages not yet cached): hybrid p50 ${f(r.hybridColdP50)}  raw p50 ${f(r.rawColdP50)}  ` +
      `ratio ${(r.hybridColdP50 / r.rawColdP50).toFixed(2)}x`,
  );
  console.log(
    `  full text alone p50 ${f(r.textP50)}; hybrid of three random words p50 ${f(r.looseHybridP50)}; ` +
      `hybrid whose words no chunk holds all of (any-word fallback) p50 ${f(r.anyWordHybridP50)}`,
  );
  console.log(
    `  chunks holding both words of a query (what its full-text list ranks): median ${r.matchesP50}; ratio by that:`,
  );
  for (const b of r.byMatches) {
    const range = b.to === Infinity ? `> ${b.from - 1}` : `${b.from}–${b.to}`;
    console.log(
      `    ${range} (${b.queries} queries)  hybrid p50 ${f(b.hybridP50)}  raw p50 ${f(b.rawP50)}  ratio ${(b.hybridP50 / b.rawP50).toFixed(2)}x`,
    );
  }
  console.log(`  recall@10 of the HNSW vector list against an exact scan ${r.recall.toFixed(3)}`);
  console.log(
    `  by HNSW graph (each build draws its own): ratio ${r.graphs.map((g) => `${g.ratio.toFixed(2)}x`).join(', ')}; ` +
      `recall@10 ${r.graphs.map((g) => g.recall.toFixed(3)).join(', ')}`,
  );
  console.log(
    `  by HNSW graph: hybrid p50 ${r.graphs.map((g) => f(g.hybridP50)).join(', ')}; ` +
      `raw p50 ${r.graphs.map((g) => f(g.rawP50)).join(', ')}`,
  );
  console.log(
    `  median ratio over ${r.graphs.length} graph${r.graphs.length === 1 ? '' : 's'} ${r.medianRatio.toFixed(2)}x  ` +
      (r.database === 'PostgreSQL' && r.dimensions === r.productDimensions
        ? '(target <= 1.5x)'
        : `(reported; the target <= 1.5x is judged on PostgreSQL at the default ${r.productDimensions} dimensions, decision 0004)`),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printRetrieval(await benchRetrieval());
}
