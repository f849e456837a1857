-- Chinese and Japanese are written without spaces, so the `english` parser takes a whole run of them as one word and a
-- question never matches it. Runs of CJK characters are also indexed as overlapping pairs of characters (bigrams,
-- `simple` configuration), and queries are cut the same way (context_search_query). Other text is indexed as before.
CREATE OR REPLACE FUNCTION context_cjk_bigrams(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(CASE WHEN length(r.run) = 1 THEN r.run ELSE substr(r.run, i, 2) END, ' '), '')
  FROM (SELECT m[1] AS run
        FROM regexp_matches(t, '([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+)', 'g') AS m) r,
    LATERAL generate_series(1, greatest(length(r.run) - 1, 1)) AS i
$$;--> statement-breakpoint
-- the search vector of a chunk: its English words, and its CJK bigrams when it has any CJK text (most have none,
-- and the cheap test keeps their cost as it was)
CREATE OR REPLACE FUNCTION context_search_vector(t text) RETURNS tsvector
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN t ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]'
    THEN to_tsvector('english', t) || to_tsvector('simple', context_cjk_bigrams(t))
    ELSE to_tsvector('english', t) END
$$;--> statement-breakpoint
-- a question as a query: every English word, and every bigram of its CJK text
CREATE OR REPLACE FUNCTION context_search_query(q text) RETURNS tsquery
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN q ~ '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]'
    THEN plainto_tsquery('english', regexp_replace(q, '[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+', ' ', 'g'))
      && plainto_tsquery('simple', context_cjk_bigrams(q))
    ELSE plainto_tsquery('english', q) END
$$;--> statement-breakpoint
-- PostgreSQL 15 cannot change a generated column's expression: the column and its index are made again
ALTER TABLE "context_chunks" DROP COLUMN "tsv";--> statement-breakpoint
ALTER TABLE "context_chunks" ADD COLUMN "tsv" tsvector GENERATED ALWAYS AS (context_search_vector(content)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "context_chunks" ALTER COLUMN "tsv" SET STORAGE MAIN;--> statement-breakpoint
CREATE INDEX "context_chunks_tsv_idx" ON "context_chunks" USING gin ("tsv");
