import { sql } from 'drizzle-orm';
import type { Db } from './client';

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/**
 * Whether this database has pgvector, after the migrations. Without it, migration 0000 made `vector` a stand-in
 * domain, so the schema exists and data sources are searched by full text only. When pgvector has been installed
 * since (scripts/install-pgvector.sh), the stand-in is replaced by the real type here, in one transaction: the
 * column held no value, so nothing is lost.
 */
export async function ensureVectorSupport(db: Db): Promise<boolean> {
  const [state] = await rowsOf<{ installed: boolean; available: boolean; standIn: boolean }>(
    db,
    sql`select
      exists (select 1 from pg_extension where extname = 'vector') as installed,
      exists (select 1 from pg_available_extensions where name = 'vector') as available,
      exists (select 1 from pg_type where typname = 'vector' and typtype = 'd') as "standIn"`,
  );
  if (state?.installed) return true;
  if (!state?.available || !state.standIn) return false;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`alter table context_chunks alter column embedding type text`);
      await tx.execute(sql`drop domain vector`);
      await tx.execute(sql`create extension vector`);
      await tx.execute(sql`alter table context_chunks alter column embedding type vector using null`);
    });
    return true;
  } catch {
    // available but not ours to create (no right to): still full text only
    return false;
  }
}
