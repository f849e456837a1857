import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import type { Platform } from '../../../platform';
import {
  ensureListFunctions,
  ensureTextListFunction,
  TEXT_LIST_FUNCTION,
  vectorListFunctionName,
} from './list-functions';
import { embedTexts, ensureVectorIndex, knownSizeMismatch, vectorLiteral, vectorType } from './vector-index';

export interface RetrievedChunk {
  itemId: string;
  itemName: string;
  chunkId: string;
  content: string;
  /** full text: `ts_rank`; vector: cosine similarity; hybrid: the reciprocal rank fusion score */
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
  if (method === 'fulltext') return fullText({ platform, appId: options.appId, query, limit });

  const n = platform.ai.embeddingDimensions;
  let embedding = options.queryEmbedding;
  if (!embedding) {
    try {
      [embedding] = await embedTexts({
        model: platform.ai.embeddingModel()!,
        values: [query],
        dimensions: n,
        signal: options.signal,
      });
    } catch (err) {
      // the data still answers by its words
      platform.logger.warn(
        { err, appId: options.appId },
        'could not embed the query; searching by full text',
      );
      return fullText({ platform, appId: options.appId, query, limit });
    }
  }
  await Promise.all([ensureVectorIndex(platform, n), ensureListFunctions(platform, n)]);
  const vectorList = (candidates: number) =>
    sql`select * from ${sql.raw(vectorListFunctionName(n))}(${options.appId},
      ${vectorLiteral(embedding!)}::${vectorType(n)}, ${candidates})`;
  if (method === 'vector') return sorted((await rowsOf(platform.db, vectorList(limit))).map(toChunk));
  // Each list brings more candidates than are kept, so a chunk ranked well by one list and fairly by the other
  // can win.
  const candidates = Math.max(limit * 2, 20);
  const [byVector, byWords] = await bothLists(
    platform,
    vectorList(candidates),
    textList(options.appId, query, candidates),
  );
  return reciprocalRankFusion([byWords.map(toChunk), byVector.map(toChunk)], limit);
}

/**
 * The vector and the full-text list, each in its order. On PostgreSQL they run at once, on two of the pool's
 * connections: the vector search, sent first, takes about twice as long as the full-text one, which then costs
 * little time of its own. The embedded database runs one statement at a time, so both come from one statement.
 */
async function bothLists(platform: Platform, vectorList: SQL, textList: SQL): Promise<[Row[], Row[]]> {
  if (platform.database.kind === 'postgres') {
    return Promise.all([rowsOf(platform.db, vectorList), rowsOf(platform.db, textList)]);
  }
  const rows = (await rowsOf(
    platform.db,
    sql`select 1 as list, v.* from (${vectorList}) v union all select 2, t.* from (${textList}) t`,
  )) as (Row & { list: number })[];
  return [rows.filter((r) => r.list === 1), rows.filter((r) => r.list === 2)];
}

const sorted = (chunks: RetrievedChunk[]) =>
  chunks.sort((a, b) => b.score - a.score || (a.chunkId < b.chunkId ? -1 : 1));

async function rowsOf(db: Db, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
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
  // without pgvector (logged at start) there are no vectors to search
  if (!platform.database.vectors) return 'fulltext';
  const model = platform.ai.embeddingModel();
  // a model found answering another size than configured: its vectors cannot be compared (logged when found)
  return model && !knownSizeMismatch(model) ? options.method : 'fulltext';
}

/**
 * The full-text list function (`list-functions.ts`): `english`, and CJK text as character bigrams, ranked by
 * `ts_rank`; chunks holding every word of the query, or, only when none does, any of its words.
 */
const textList = (appId: string, query: string, candidates: number) =>
  sql`select * from ${sql.raw(TEXT_LIST_FUNCTION)}(${appId}, ${query}, ${candidates})`;

interface FullTextOptions {
  platform: Platform;
  appId: string;
  query: string;
  limit: number;
}

/** The full-text method: the full-text list alone. */
async function fullText({ platform, appId, query, limit }: FullTextOptions) {
  await ensureTextListFunction(platform);
  return sorted((await rowsOf(platform.db, textList(appId, query, limit))).map(toChunk));
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
