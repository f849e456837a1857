-- Full-text ranking (ts_rank_cd) reads the tsvector of every chunk that matches. Kept in the row (compressed if need
-- be) instead of moved out of line, a match costs one heap page rather than also a TOAST index lookup and a TOAST
-- page; when a row is too big, its text (read only for the few chunks returned) moves out of line first.
-- Applies to chunks written from now on.
ALTER TABLE "context_chunks" ALTER COLUMN "tsv" SET STORAGE MAIN;
