import type { Db } from './client';

/**
 * A query built and prepared once per database (or transaction) instead of on every call: building a drizzle query
 * costs more CPU than running a small one, so the queries of the most asked routes are kept prepared (decision
 * 0005). `build` must name its statement and take every value as a `sql.placeholder`.
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const prepared = new WeakMap<Db, Q>();
  return (db) => {
    let query = prepared.get(db);
    if (!query) prepared.set(db, (query = build(db)));
    return query;
  };
}

/** The named columns of a table, for a select of those alone (a row's other columns are neither sent nor mapped). */
export const columnsOf = <T extends object, K extends keyof T>(table: T, columns: readonly K[]) =>
  Object.fromEntries(columns.map((c) => [c, table[c]])) as Pick<T, K>;
