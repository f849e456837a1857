import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { ensureVectorSupport } from './vector-support';

export type Schema = typeof schema;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT, Schema, any>;

export interface Database extends SetUpWork {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations, then finds out `vectors`. */
  migrate(): Promise<void>;
  /** Whether pgvector is there (known once migrated): without it, data sources are searched by full text only. */
  vectors: boolean;
  /**
   * The embedded database's files as one tar (PGlite's `dumpDataDir`), to open copies of it with `loadDataDir`:
   * tests open each fresh database from a snapshot of a migrated one. Absent on PostgreSQL.
   */
  dumpDataDir?: () => Promise<Blob>;
  close(): Promise<void>;
}

/**
 * What this process has set up or has under way on one database (decision 0005, "Services instead of module
 * state"): kept by the database's own handle, so a fresh database (each test's) starts with none of it.
 */
export interface SetUpWork {
  /**
   * Runs `make` on the first call for `name` (an index, a function, a session setting) and answers its promise to
   * every later call; a failure is forgotten, so the next call tries again.
   */
  once(name: string, make: () => Promise<void>): Promise<void>;
  /** Runs `run` unless a run of `name` is under way on this database; then that run's promise is answered. */
  exclusive<T>(name: string, run: () => Promise<T>): Promise<T>;
}

export function setUpWork(): SetUpWork {
  const made = new Map<string, Promise<void>>();
  const running = new Map<string, Promise<unknown>>();
  return {
    once(name, make) {
      let done = made.get(name);
      if (!done) {
        done = make();
        made.set(name, done);
        done.catch(() => made.delete(name));
      }
      return done;
    },
    exclusive<T>(name: string, run: () => Promise<T>): Promise<T> {
      const under = running.get(name);
      if (under) return under as Promise<T>;
      const started = run().finally(() => running.delete(name));
      running.set(name, started);
      return started;
    },
  };
}

/** Migrations live beside this file in source (src/db) and are copied beside the bundle (dist). */
export function migrationsFolder(): string {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
}

export interface DbOptions {
  /** PostgreSQL connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** PGlite without its pgvector extension, as a PostgreSQL without pgvector is (tests). */
  withoutPgvector?: boolean;
  /** PGlite starts from these files (a `dumpDataDir` of another database) instead of a new, empty cluster. */
  loadDataDir?: Blob;
}

/** Connections to PostgreSQL kept open while the server is idle. */
const POOL_KEPT_OPEN = 3;

export async function openDatabase(opts: DbOptions): Promise<Database> {
  const folder = migrationsFolder();
  if (opts.url) {
    // A few connections stay open however long the server is idle (pg closes the others after 10 s idle): a new
    // connection, and the first call of the run admission's function on it, added 35 to 50 ms to the first run after
    // a pause (decision 0005-house-order "Speed", session 24). TCP keep-alive keeps them open through NATs.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: 10,
      min: POOL_KEPT_OPEN,
      keepAlive: true,
      keepAliveInitialDelayMillis: 60_000,
    });
    // An idle connection that the server ends (a restart, a dropped database) has already been dropped from the
    // pool, which then emits 'error'; unheard, that event would end the process. The next query reconnects.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    const database: Database = {
      ...setUpWork(),
      db,
      kind: 'postgres',
      vectors: false,
      async migrate() {
        await migratePg(db as never, { migrationsFolder: folder });
        database.vectors = await ensureVectorSupport(db);
      },
      close: () => pool.end(),
    };
    return database;
  }
  const dataDir = opts.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    extensions: opts.withoutPgvector ? {} : { vector },
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  const database: Database = {
    ...setUpWork(),
    db,
    kind: 'pglite',
    vectors: false,
    async migrate() {
      await migratePglite(db as never, { migrationsFolder: folder });
      database.vectors = await ensureVectorSupport(db);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
  return database;
}
