import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Platform } from '../../../platform';
import { embedTexts, ensureVectorIndex, vectorLiteral, vectorType } from './vector-index';

export interface RetrievedChunk {
  itemId: string;
  itemName: string;
  chunkId: string;
  content: string;
  /** full text: `ts_rank_cd`; vector: cosine similarity; hybrid: the reciprocal rank fusion score */
  score: number;
}

export interface RetrieveOptions {
  appId: string;
  query: string;
  method: 'fulltext' | 'vector' | 'hybrid';
  limit?: number;
  /** The query's embedding when the caller already has it (benchmarks); otherwise the model embeds the query. */
  queryEmbedding?: readonly number[];
  signal?: AbortSignal;
}

/** Decision 0004: top 8 chunks; reciprocal rank fusion with k = 60. */
export const DEFAULT_RETRIEVE_LIMIT = 8;
export const RRF_K = 60;
const MAX_LIMIT = 50;
/** Longer queries are cut: the words that matter come first (the main input). */
export const MAX_QUERY_CHARS = 2000;

type Method = RetrieveOptions['method'];

interface Row {
  id: string;
  item_id: string;
  name: string;
  content: string;
  score: number | string;
}

const toChunk = (r: Row): RetrievedChunk => ({
  chunkId: r.id,
  itemId: r.item_id,
  itemName: r.name,
  content: r.content,
  score: Number(r.score),
});

/** The chunks of an app's synced items that best answer `query`, by the app's query method. */
export async function retrieveContext(
  platform: Platform,
  options: RetrieveOptions,
): Promise<RetrievedChunk[]> {
  const query = options.query.trim().slice(0, MAX_QUERY_CHARS);
  if (query === '') return [];
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(options.limit ?? DEFAULT_RETRIEVE_LIMIT)));
  const method = effectiveMethod(platform, options);
  if (method === 'fulltext') return fullText(platform.db, options.appId, query, limit);

  const n = platform.ai.embeddingDimensions;
  let embedding = options.queryEmbedding;
  if (!embedding) {
    try {
      [embedding] = await embedTexts(platform.ai.embeddingModel()!, [query], n, options.signal);
    } catch (err) {
      // the data still answers by its words
      platform.logger.warn(
        { err, appId: options.appId },
        'could not embed the query; searching by full text',
      );
      return fullText(platform.db, options.appId, query, limit);
    }
  }
  await ensureVectorIndex(platform, n);
  if (method === 'vector') return vectorSearch(platform, options.appId, embedding!, n, limit);
  // Each list brings more candidates than are kept, so a chunk ranked well by one list and fairly by the other
  // can win.
  const candidates = Math.max(limit * 2, 20);
  const [text, vector] = await Promise.all([
    fullText(platform.db, options.appId, query, candidates),
    vectorSearch(platform, options.appId, embedding!, n, candidates),
  ]);
  return reciprocalRankFusion([text, vector], limit);
}

/** `vector` and `hybrid` need an embedding model (or a given query embedding); without one: full text. */
function effectiveMethod(platform: Platform, options: RetrieveOptions): Method {
  if (options.method === 'fulltext') return 'fulltext';
  if (options.queryEmbedding) {
    if (options.queryEmbedding.length !== platform.ai.embeddingDimensions) {
      throw new Error('the query embedding does not have the configured size');
    }
    return options.method;
  }
  return platform.ai.embeddingModel() ? options.method : 'fulltext';
}

/**
 * Full text (`english`): any of the query's words may match (the words of `plainto_tsquery` joined by OR, so a
 * long question still finds the chunks that share some of its words); `ts_rank_cd` orders them.
 */
async function fullText(db: Db, appId: string, query: string, limit: number): Promise<RetrievedChunk[]> {
  const result = await db.execute(sql`
    select c.id, c.item_id, i.name, c.content, ts_rank_cd(c.tsv, q.query) as score
    from context_chunks c
      join context_items i on i.id = c.item_id,
      (select replace(plainto_tsquery('english', ${query})::text, ' & ', ' | ')::tsquery as query) q
    where c.app_id = ${appId} and i.app_id = ${appId} and i.status = 'synced' and c.tsv @@ q.query
    order by score desc, c.id
    limit ${limit}`);
  return (result as unknown as { rows: Row[] }).rows.map(toChunk);
}

/**
 * Cosine distance on `embedding::vector(n)` with the `vector_dims` filter, so the size's HNSW index can answer.
 * The index is walked until enough chunks of this app are found (pgvector's iterative scan), then the few found
 * are put in exact order here.
 */
async function vectorSearch(
  platform: Pick<Platform, 'db'>,
  appId: string,
  embedding: readonly number[],
  n: number,
  limit: number,
): Promise<RetrievedChunk[]> {
  const type = vectorType(n);
  const q = vectorLiteral(embedding);
  const rows = await platform.db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true),
      set_config('hnsw.ef_search', ${String(Math.max(40, limit * 2))}, true)`);
    const result = await tx.execute(sql`
      select c.id, c.item_id, i.name, c.content, 1 - (c.embedding::${type} <=> ${q}::${type}) as score
      from context_chunks c join context_items i on i.id = c.item_id
      where c.app_id = ${appId} and i.app_id = ${appId} and i.status = 'synced'
        and vector_dims(c.embedding) = ${sql.raw(String(n))}
      order by c.embedding::${type} <=> ${q}::${type}
      limit ${limit}`);
    return (result as unknown as { rows: Row[] }).rows;
  });
  return rows.map(toChunk).sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : 1));
}

/** Reciprocal rank fusion: each list adds 1 / (k + rank) to a chunk's score (rank from 1). */
export function reciprocalRankFusion(lists: RetrievedChunk[][], limit: number, k = RRF_K): RetrievedChunk[] {
  const fused = new Map<string, { chunk: RetrievedChunk; score: number; best: number }>();
  for (const list of lists) {
    list.forEach((chunk, index) => {
      const entry = fused.get(chunk.chunkId);
      const add = 1 / (k + index + 1);
      if (entry) {
        entry.score += add;
        entry.best = Math.min(entry.best, index);
      } else fused.set(chunk.chunkId, { chunk, score: add, best: index });
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.best - b.best || (a.chunk.chunkId < b.chunk.chunkId ? -1 : 1))
    .slice(0, limit)
    .map(({ chunk, score }) => ({ ...chunk, score }));
}

/** Whether the app has any synced item: runs of apps without data skip retrieval after this one cheap query. */
export async function hasSyncedItems(db: Db, appId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (
      select 1 from context_items where app_id = ${appId} and status = 'synced'
    ) as found`);
  const [row] = (result as unknown as { rows: { found: boolean }[] }).rows;
  return row?.found === true;
}
