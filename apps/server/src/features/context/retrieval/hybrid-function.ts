import { sql } from 'drizzle-orm';
import type { Platform } from '../../../platform';
import { checkedDimensions } from './vector-index';

/**
 * Hybrid retrieval as one database function per embedding size (decision 0004). Both rankings, their fusion and the
 * reading of the winning chunks' text happen in one call:
 * - the function keeps its statements' plans for the session (`force_generic_plan`), so a query is not planned again
 *   each time — planning the hybrid statement cost about as much as the whole vector search;
 * - each list carries its chunks' text from the scan that found them, so the winners need no second lookup of
 *   it; only their items' names are looked up;
 * - pgvector's iterative scan and candidate list are set for the call alone, with no transaction around it.
 * When the app holds under a tenth of all chunks, the index walk of the kept plan would pass many other apps' chunks,
 * so the same statement is planned for this app's values instead, as a one-off statement is. The share is judged as
 * the planner judges a table's size (rows per page at the last count, times its pages now); with no count yet (the
 * embedded database has no autovacuum) the plan is kept, and the index walk may go on far past pgvector's default
 * of 20,000 chunks rather than stop with too few of a small app's.
 *
 * Bump the version when the body changes: each version is its own function, created once per database.
 */
const VERSION = 11;

export function hybridFunctionName(dimensions: number): string {
  return `context_hybrid_search_v${VERSION}_${checkedDimensions(dimensions)}`;
}

type Slot = 'app' | 'unsynced' | 'embedding' | 'candidates' | 'words' | 'anyWords' | 'limit' | 'rrfK';

/**
 * The one statement, with named slots: written once for the kept plan (the function's variables) and for the plan
 * made for one app's values (`$n` of EXECUTE … USING). The any-word list runs only when the every-word list is
 * empty (a one-time filter over it), so a precise query costs one full-text scan.
 *
 * A chunk counts when its item is synced. Chunks exist only for synced items and for the few being stored (an item
 * that fails or is refused loses its chunks), so the lists leave out the chunks of the app's items that are not
 * synced, a list that is nearly always empty, rather than look up every matching chunk's item: joining the items
 * cost a full-text list of 150 matches a quarter of its time. Only the winners' items are read, for their names.
 */
function statement(n: number) {
  const vectorOf = `c.embedding::vector(${n})`;
  const counts = `c.app_id = :app AND c.item_id <> ALL (:unsynced)`;
  const ranked = (words: string) => `
      SELECT t.*, row_number() OVER (ORDER BY t.score DESC, t.id COLLATE "C") AS rank FROM (
        SELECT c.id, c.item_id, c.content, ts_rank(c.tsv, ${words}) AS score FROM context_chunks c
        WHERE ${counts} AND c.tsv @@ ${words}
        ORDER BY score DESC, c.id COLLATE "C" LIMIT :candidates) t`;
  return `
    WITH by_vector AS (
      -- ties in distance are broken by id, as in full text
      SELECT v.*, row_number() OVER (ORDER BY v.score, v.id COLLATE "C") AS rank FROM (
        SELECT c.id, c.item_id, c.content, ${vectorOf} <=> :embedding AS score FROM context_chunks c
        WHERE ${counts} AND vector_dims(c.embedding) = ${n}
        ORDER BY ${vectorOf} <=> :embedding LIMIT :candidates) v),
    every_word AS (${ranked(':words')}),
    any_word AS (SELECT a.* FROM (${ranked(':anyWords')}) a WHERE NOT EXISTS (SELECT 1 FROM every_word)),
    lists AS (
      SELECT e.id, e.item_id, e.content, e.rank FROM every_word e
      UNION ALL SELECT a.id, a.item_id, a.content, a.rank FROM any_word a
      UNION ALL SELECT v.id, v.item_id, v.content, v.rank FROM by_vector v),
    fused AS (
      SELECT l.id, sum(1.0::double precision / (:rrfK + l.rank)) AS score, min(l.rank) AS best FROM lists l
      GROUP BY l.id ORDER BY score DESC, best, l.id COLLATE "C" LIMIT :limit)
    -- the chunks' text was read by the lists: each winner takes it from the first list holding it; only the winners'
    -- items are read, for their names
    SELECT f.id, l.item_id, (SELECT i.name FROM context_items i WHERE i.id = l.item_id) AS name, l.content, f.score
    FROM fused f CROSS JOIN LATERAL (SELECT l.item_id, l.content FROM lists l WHERE l.id = f.id LIMIT 1) l
    ORDER BY f.score DESC, f.best, f.id COLLATE "C"`;
}

const kept: Record<Slot, string> = {
  app: 'p_app',
  unsynced: 'unsynced',
  embedding: 'p_embedding',
  candidates: 'p_candidates',
  words: 'words',
  anyWords: 'any_words',
  limit: 'p_limit',
  rrfK: 'p_rrf_k',
};
const SLOTS = Object.keys(kept) as Slot[];
const perApp = Object.fromEntries(SLOTS.map((slot, i) => [slot, `$${i + 1}`])) as Record<Slot, string>;
const fill = (text: string, slots: Record<Slot, string>) =>
  text.replace(/:(\w+)\b/g, (all, slot: string) => (slot in slots ? slots[slot as Slot] : all));
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

export function hybridFunctionSql(dimensions: number): string {
  const n = checkedDimensions(dimensions);
  const body = statement(n);
  return `
CREATE OR REPLACE FUNCTION ${hybridFunctionName(n)}(
  p_app text, p_query text, p_embedding vector(${n}), p_candidates integer, p_limit integer, p_rrf_k integer)
RETURNS TABLE (id text, item_id text, name text, content text, score double precision)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
SET hnsw.iterative_scan = relaxed_order
SET hnsw.ef_search = 40
SET hnsw.max_scan_tuples = 1000000
AS $body$
DECLARE
  app_chunks double precision;
  all_chunks double precision;
  unsynced text[];
  words tsquery := context_search_query(p_query);
  any_words tsquery := replace(words::text, ' & ', ' | ')::tsquery;
BEGIN
  -- the table's chunks as the planner counts them: rows per page at the last count, times the pages now
  SELECT sum(i.num_of_chunks) FILTER (WHERE i.status = 'synced'),
      coalesce(array_agg(i.id) FILTER (WHERE i.status <> 'synced'), '{}'), (
      SELECT CASE WHEN c.reltuples > 0 AND c.relpages > 0
        THEN c.reltuples / c.relpages * (pg_relation_size(c.oid) / current_setting('block_size')::integer) END
      FROM pg_class c WHERE c.oid = 'context_chunks'::regclass)
    INTO app_chunks, unsynced, all_chunks
    FROM context_items i WHERE i.app_id = p_app;
  IF app_chunks IS NULL THEN RETURN; END IF;
  IF p_candidates * 2 > 40 THEN
    PERFORM set_config('hnsw.ef_search', (p_candidates * 2)::text, true);
  END IF;
  IF all_chunks IS NULL OR app_chunks * 10 >= all_chunks THEN
    RETURN QUERY ${fill(body, kept)};
  ELSE
    RETURN QUERY EXECUTE ${literal(fill(body, perApp))}
      USING ${SLOTS.map((slot) => kept[slot]).join(', ')};
  END IF;
END
$body$`;
}

/**
 * Creates this size's hybrid function once per database and process (another instance may race: both end with it).
 * A failure is not kept: the next search tries again.
 */
export function ensureHybridFunction(platform: Pick<Platform, 'database' | 'logger'>, dimensions: number) {
  const n = checkedDimensions(dimensions);
  const db = platform.database.db;
  const name = hybridFunctionName(n);
  const exists = async () => {
    const result = await db.execute(sql`select to_regproc(${name}) is not null as found`);
    return (result as unknown as { rows: { found: boolean }[] }).rows[0]?.found === true;
  };
  return platform.database.once(name, async () => {
    if (await exists()) return;
    try {
      await db.execute(sql.raw(hybridFunctionSql(n)));
    } catch (err) {
      // another instance creating it at this moment ("tuple concurrently updated"): theirs serves us too
      if (await exists()) return;
      platform.logger.warn({ err, dimensions: n }, 'could not create the hybrid search function');
      throw err;
    }
  });
}
