import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { checkedDimensions } from './vector-index';

/**
 * The two ranked lists of retrieval as database functions (decision 0004): the vector list, one function per embedding
 * size, and the full-text list. Hybrid retrieval asks for both and fuses them by reciprocal rank in the server; on
 * PostgreSQL the two run at once, on two connections, and the embedded database answers both in one statement.
 * - A function keeps its statements' plans for the session (`force_generic_plan`), so a query is not planned again
 *   each time — planning the statement cost about as much as the whole vector search.
 * - Each list carries its chunks' text and item name, so the winners need no second lookup.
 * - pgvector's iterative scan and candidate list are set for the call alone, with no transaction around it.
 * - When the app holds under a tenth of all chunks, the index walk of the kept plan would pass many other apps'
 *   chunks, so the same statement is planned for this app's values instead, as a one-off statement is. The share is
 *   judged as the planner judges a table's size (rows per page at the last count, times its pages now); with no count
 *   yet (the embedded database has no autovacuum) the plan is kept, and the index walk may go on far past pgvector's
 *   default of 20,000 chunks rather than stop with too few of a small app's.
 *
 * A chunk counts when its item is synced. Chunks exist only for synced items and for the few being stored (an item
 * that fails or is refused loses its chunks), so the lists leave out the chunks of the app's items that are not
 * synced, a list that is nearly always empty, rather than look up every matching chunk's item: joining the items
 * cost a full-text list of 150 matches a quarter of its time.
 *
 * Bump the version when a body changes: each version is its own function, created once per database.
 */
const VERSION = 12;

/**
 * pgvector's candidate list (`hnsw.ef_search`) for a vector list, or twice its length when that is more. At 100,000
 * chunks of 1536 dimensions pgvector's default of 40 gave recall@10 of 0.91–0.96 and 60 gave 0.95–0.98 (decision
 * 0004); 80 keeps it above 0.95 with room.
 */
export const HNSW_EF_SEARCH = 80;

export function vectorListFunctionName(dimensions: number): string {
  return `context_vector_list_v${VERSION}_${checkedDimensions(dimensions)}`;
}

export const TEXT_LIST_FUNCTION = `context_text_list_v${VERSION}`;

/** Migration 0008's test for CJK text (as in `context_search_query`). */
const CJK = '[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff]';

const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * A statement with named slots (`:name`), written once for the kept plan (the function's variables) and once for the
 * plan made for one app's values (`$n` of EXECUTE … USING).
 */
function twoPlans(statement: string, slots: Record<string, string>) {
  const names = Object.keys(slots);
  const fill = (values: (name: string, i: number) => string) =>
    statement.replace(/:(\w+)\b/g, (all, name: string) =>
      names.includes(name) ? values(name, names.indexOf(name)) : all,
    );
  return {
    kept: fill((name) => slots[name]!),
    perApp: `EXECUTE ${literal(fill((_, i) => `$${i + 1}`))} USING ${names.map((name) => slots[name]).join(', ')}`,
  };
}

/**
 * The opening read both functions share: the app's synced chunks and its items that are not synced, and the table's
 * chunks as the planner counts them. `extra` adds columns read in the same statement.
 */
function openingRead(into: string, extra = '') {
  return `
  SELECT a.app_chunks, a.unsynced, a.all_chunks${extra} INTO ${into} FROM (
    SELECT sum(i.num_of_chunks) FILTER (WHERE i.status = 'synced') AS app_chunks,
      coalesce(array_agg(i.id) FILTER (WHERE i.status <> 'synced'), '{}') AS unsynced, (
      SELECT CASE WHEN c.reltuples > 0 AND c.relpages > 0
        THEN c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::integer) END
      FROM pg_class c WHERE c.oid = 'context_chunks'::regclass) AS all_chunks
    FROM context_items i WHERE i.app_id = p_app) a`;
}

const KEEP_PLAN = 'all_chunks IS NULL OR app_chunks * 10 >= all_chunks';

/**
 * The vector list: the app's `p_candidates` chunks nearest to the embedding by cosine distance, nearest first (ties by
 * id, as in full text), with `score` their cosine similarity. The `vector_dims` filter (with `n` a literal) lets the
 * size's HNSW index answer; the index is walked until enough chunks of this app are found (iterative scan).
 */
export function vectorListFunctionSql(dimensions: number): string {
  const n = checkedDimensions(dimensions);
  const vectorOf = `c.embedding::vector(${n})`;
  const { kept, perApp } = twoPlans(
    `SELECT v.id, v.item_id, (SELECT i.name FROM context_items i WHERE i.id = v.item_id), v.content,
        1 - v.distance FROM (
      SELECT c.id, c.item_id, c.content, ${vectorOf} <=> :embedding AS distance FROM context_chunks c
      WHERE c.app_id = :app AND c.item_id <> ALL (:unsynced) AND vector_dims(c.embedding) = ${n}
      ORDER BY ${vectorOf} <=> :embedding LIMIT :candidates) v
    ORDER BY v.distance, v.id COLLATE "C"`,
    { app: 'p_app', unsynced: 'unsynced', embedding: 'p_embedding', candidates: 'p_candidates' },
  );
  return `
CREATE OR REPLACE FUNCTION ${vectorListFunctionName(n)}(p_app text, p_embedding vector(${n}), p_candidates integer)
RETURNS TABLE (id text, item_id text, name text, content text, score double precision)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET hnsw.iterative_scan = relaxed_order
SET hnsw.ef_search = ${HNSW_EF_SEARCH}
SET hnsw.max_scan_tuples = 1000000
AS $body$
DECLARE
  app_chunks double precision;
  all_chunks double precision;
  unsynced text[];
BEGIN
  ${openingRead('app_chunks, unsynced, all_chunks')};
  IF app_chunks IS NULL THEN RETURN; END IF;
  IF p_candidates * 2 > ${HNSW_EF_SEARCH} THEN
    PERFORM set_config('hnsw.ef_search', (p_candidates * 2)::text, true);
  END IF;
  IF ${KEEP_PLAN} THEN
    RETURN QUERY ${kept};
  ELSE
    RETURN QUERY ${perApp};
  END IF;
END
$body$`;
}

/**
 * The full-text list (`english`, and CJK text as character bigrams: migration 0008), ranked by `ts_rank`, best
 * first (ties by id). Chunks holding every word of the query answer; only when none does are chunks holding any of
 * its words searched (the same words joined by OR), so a precise query costs one full-text scan.
 */
export function textListFunctionSql(): string {
  const { kept, perApp } = twoPlans(
    `SELECT t.id, t.item_id, (SELECT i.name FROM context_items i WHERE i.id = t.item_id), t.content,
        t.score::double precision FROM (
      SELECT c.id, c.item_id, c.content, ts_rank(c.tsv, :words) AS score FROM context_chunks c
      WHERE c.app_id = :app AND c.item_id <> ALL (:unsynced) AND c.tsv @@ :words
      ORDER BY score DESC, c.id COLLATE "C" LIMIT :candidates) t
    ORDER BY t.score DESC, t.id COLLATE "C"`,
    { app: 'p_app', unsynced: 'unsynced', words: 'words', candidates: 'p_candidates' },
  );
  const anyWord = (statement: string) => statement.replaceAll('words', 'any_words');
  // the chunks holding every word; only when there are none, those holding any word
  const everyWordThenAnyWord = (statement: string) => `RETURN QUERY ${statement};
    IF NOT FOUND THEN
      DECLARE any_words tsquery := replace(words::text, ' & ', ' | ')::tsquery;
      BEGIN
        RETURN QUERY ${anyWord(statement)};
      END;
    END IF;`;
  return `
CREATE OR REPLACE FUNCTION ${TEXT_LIST_FUNCTION}(p_app text, p_query text, p_candidates integer)
RETURNS TABLE (id text, item_id text, name text, content text, score double precision)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $body$
DECLARE
  app_chunks double precision;
  all_chunks double precision;
  unsynced text[];
  words tsquery;
BEGIN
  -- the query's words as context_search_query makes them, read with the app's items; that SQL function is called for
  -- CJK text only, since each transaction plans a call of it again
  ${openingRead(
    'app_chunks, unsynced, all_chunks, words',
    `, CASE WHEN p_query ~ ${literal(CJK)} THEN context_search_query(p_query)
      ELSE plainto_tsquery('english', p_query) END`,
  )};
  IF app_chunks IS NULL THEN RETURN; END IF;
  IF ${KEEP_PLAN} THEN
    ${everyWordThenAnyWord(kept)}
  ELSE
    ${everyWordThenAnyWord(perApp)}
  END IF;
END
$body$`;
}

/**
 * Creates the vector list function of this size and the full-text list function once per database and process
 * (another instance may race: both end with them). A failure is not kept: the next search tries again.
 */
export function ensureListFunctions(platform: Pick<Platform, 'database' | 'logger'>, dimensions: number) {
  const n = checkedDimensions(dimensions);
  return Promise.all([
    ensureFunction(platform, vectorListFunctionName(n), () => vectorListFunctionSql(n)),
    ensureTextListFunction(platform),
  ]).then(() => undefined);
}

/** The full-text list function alone: the full-text method needs no vectors (nor pgvector). */
export function ensureTextListFunction(platform: Pick<Platform, 'database' | 'logger'>) {
  return ensureFunction(platform, TEXT_LIST_FUNCTION, textListFunctionSql);
}

function ensureFunction(platform: Pick<Platform, 'database' | 'logger'>, name: string, text: () => string) {
  const db = platform.database.db;
  const exists = async () => {
    const result = await db.execute(sql`select to_regproc(${name}) is not null as found`);
    return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found === true;
  };
  return platform.database.once(name, async () => {
    if (await exists()) return;
    try {
      await db.execute(sql.raw(text()));
    } catch (err) {
      // another instance creating it at this moment ("tuple concurrently updated"): theirs serves us too
      if (await exists()) return;
      platform.logger.warn({ err, name }, 'could not create a retrieval function');
      throw err;
    }
  });
}
