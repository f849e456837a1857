-- pgvector when the server has it. A PostgreSQL without it still starts, searching data sources by full text only:
-- `vector` is then a stand-in domain over text that never holds a value, replaced by the real type once pgvector
-- is installed (db/vector-support.ts, at the next start).
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS vector;
EXCEPTION WHEN OTHERS THEN
  CREATE DOMAIN vector AS text CHECK (VALUE IS NULL);
END
$$;
