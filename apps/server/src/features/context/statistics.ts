import { sql } from 'drizzle-orm';
import type { Platform } from '../../platform';

/**
 * Keeps the chunks table in shape in the embedded database, which has no autovacuum: when the chunks the items hold
 * differ from the table's last counted rows by more than autovacuum's own threshold (50 rows and a tenth), the table
 * is vacuumed and both it and the items are analysed.
 * - The planner sizes its plans by those counts, and hybrid retrieval judges an app's share of all chunks by them.
 * - The vacuum frees the space of deleted chunks in the table but leaves the indexes as they are (`index_cleanup
 *   off`): with the HNSW index, a full vacuum held the embedded database for 30 s after 2% of 100,000 chunks were
 *   deleted and for 64 s after 10%; this one took 0.09 s.
 * Answers whether it ran; on PostgreSQL that is autovacuum's work and it never does. A failure is only logged.
 */
export function refreshChunkStatistics(platform: Pick<Platform, 'database' | 'logger'>): Promise<boolean> {
  const { database } = platform;
  if (database.kind !== 'pglite') return Promise.resolve(false);
  // one at a time per database: a call while one runs is answered by that run
  return database.exclusive('chunk-statistics', async () => {
    try {
      const result = await database.db.execute(sql`
        select coalesce((select sum(num_of_chunks) from context_items), 0)::float8 as held,
          (select reltuples from pg_class where oid = 'context_chunks'::regclass)::float8 as counted`);
      const [row] = (result as unknown as { rows: { held: number; counted: number }[] }).rows;
      if (!row) return false;
      const counted = Math.max(row.counted, 0);
      const stale = row.counted < 0 || Math.abs(row.held - counted) > 50 + 0.1 * counted;
      if (!stale) return false;
      await database.db.execute(sql`vacuum (analyze, index_cleanup off) context_chunks`);
      await database.db.execute(sql`analyze context_items`);
      return true;
    } catch (err) {
      platform.logger.warn({ err }, 'could not refresh the chunk statistics');
      return false;
    }
  });
}
