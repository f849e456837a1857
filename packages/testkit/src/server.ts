import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { Redis } from 'ioredis';
import pg from 'pg';
import {
  appOrigin,
  createApp,
  createAppOrigin,
  createNodeHandler,
  createLogger,
  createPlatform,
  createServices,
  loadConfig,
  migrationsFolder,
  openDatabase,
  setUpWork,
  type Database,
  type Platform,
  type ServiceOptions,
  type Services,
} from '@buildai/server';

/**
 * A new, empty database on the PostgreSQL server of `serverUrl`: its connection string, and `drop()` to remove it
 * again (closing whatever is still connected to it).
 */
export async function createThrowawayDatabase(
  serverUrl: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `buildai_test_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const snapshots = new Map<boolean, Promise<Blob>>();

/**
 * The files of a new embedded database with every migration applied, as PGlite's `dumpDataDir` writes them. A new
 * PGlite cluster takes seconds to create and migrate; one opened from these files takes a fraction of a second. The
 * snapshot is made once per machine and kept in the system's temporary directory under a name that hashes the
 * migrations, the PGlite and pgvector versions and whether pgvector is loaded, so a changed migration never opens
 * a stale one. Test files run in processes of their own; a file written by one is read by the others.
 */
function migratedSnapshot(withoutPgvector: boolean): Promise<Blob> {
  let snapshot = snapshots.get(withoutPgvector);
  if (!snapshot) {
    snapshot = makeSnapshot(withoutPgvector);
    snapshots.set(withoutPgvector, snapshot);
    snapshot.catch(() => snapshots.delete(withoutPgvector));
  }
  return snapshot;
}

async function makeSnapshot(withoutPgvector: boolean): Promise<Blob> {
  const versionOf = (name: string) => {
    // the nearest node_modules that holds the package, as Node's resolution finds it
    for (let dir = path.dirname(migrationsFolder()); ; dir = path.dirname(dir)) {
      try {
        const file = path.join(dir, 'node_modules', name, 'package.json');
        return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
      } catch (err) {
        if (path.dirname(dir) === dir) throw err;
      }
    }
  };
  const hash = createHash('sha256');
  hash.update(
    `pglite ${versionOf('@electric-sql/pglite')} pgvector ${versionOf('@electric-sql/pglite-pgvector')}`,
  );
  hash.update(withoutPgvector ? ' without pgvector' : ' with pgvector');
  const folder = migrationsFolder();
  for (const entry of readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.join(e.parentPath, e.name))
    .sort()) {
    hash.update(path.relative(folder, entry));
    hash.update(readFileSync(entry));
  }
  const file = path.join(tmpdir(), `buildai-pglite-${hash.digest('hex').slice(0, 24)}.tar`);
  try {
    return new Blob([readFileSync(file)]);
  } catch {
    // not made yet on this machine
  }
  const database = await openDatabase({ dataDir: 'memory://', withoutPgvector });
  try {
    await database.migrate();
    const blob = await database.dumpDataDir!();
    // written whole under another name, then renamed: another process never reads half a file
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
    renameSync(partial, file);
    return blob;
  } finally {
    await database.close();
  }
}

/**
 * A fresh, migrated database for one test (or benchmark): PGlite in memory by default, or a new database on the
 * PostgreSQL server of `serverUrl` (TEST_DATABASE_URL unless given), dropped again by `drop()`.
 */
export async function openFreshDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
  opts: { withoutPgvector?: boolean } = {},
): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  // a database where pgvector cannot be created: the embedded one without its extension
  if (!serverUrl || opts.withoutPgvector) {
    const withoutPgvector = opts.withoutPgvector ?? false;
    const database = (await reuseEmbedded(withoutPgvector)) ?? (await openEmbedded(withoutPgvector));
    return { database: lentOut(database, withoutPgvector), drop: async () => {} };
  }
  const throwaway = await createThrowawayDatabase(serverUrl);
  const database = await openDatabase({ url: throwaway.url });
  await database.migrate();
  return { database, url: throwaway.url, drop: throwaway.drop };
}

/**
 * Embedded databases this process opened and a test has closed, kept open for the next test: opening PGlite from
 * the snapshot costs seconds (its WebAssembly start and the 40 MB of files), emptying one that is open costs
 * milliseconds. One is lent again only when its schema is still the migrated one (a test that altered a table or
 * built an index gets a new database), and it is emptied and its session reset when it is lent, so nothing a
 * closed server left behind reaches the next test.
 */
const idleEmbedded = new Map<boolean, Database[]>();
const pristineSchemas = new Map<boolean, Set<string>>();

async function openEmbedded(withoutPgvector: boolean): Promise<Database> {
  const database = await openDatabase({
    dataDir: 'memory://',
    withoutPgvector,
    loadDataDir: await migratedSnapshot(withoutPgvector),
  });
  // nothing is left to apply; this finds out whether pgvector is there, as on any database
  await database.migrate();
  if (!pristineSchemas.has(withoutPgvector)) {
    pristineSchemas.set(withoutPgvector, new Set((await schemaItems(database)).map((i) => i.item)));
  }
  return database;
}

async function reuseEmbedded(withoutPgvector: boolean): Promise<Database | undefined> {
  const idle = idleEmbedded.get(withoutPgvector) ?? [];
  const pristine = pristineSchemas.get(withoutPgvector)!;
  for (let kept = idle.pop(); kept; kept = idle.pop()) {
    try {
      const items = await schemaItems(kept);
      const present = new Set(items.map((i) => i.item));
      const added = items.filter((i) => !pristine.has(i.item));
      const removed = [...pristine].some((item) => !present.has(item));
      // a function the server makes on first use (CREATE FUNCTION) is dropped; any other change is not undone
      if (!removed && added.every((i) => i.drop)) {
        for (const { drop } of added) await kept.db.execute(drop!);
        await emptied(kept);
        return { ...kept, ...setUpWork() };
      }
    } catch {
      // closed or broken: dropped below
    }
    await kept.close().catch(() => {});
  }
  return undefined;
}

/** The database as a test gets it: closing it gives it back for the next test. */
function lentOut(database: Database, withoutPgvector: boolean): Database {
  let returned = false;
  return {
    ...database,
    async close() {
      if (returned) return;
      returned = true;
      const idle = idleEmbedded.get(withoutPgvector) ?? [];
      idle.push(database);
      idleEmbedded.set(withoutPgvector, idle);
    },
  };
}

const rowsOf = async <T>(database: Database, statement: string): Promise<T[]> =>
  ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;

/**
 * Every table, column, index, sequence, function, type, trigger and extension of the database, one line each; a
 * function comes with the statement that drops it.
 */
function schemaItems(database: Database): Promise<{ item: string; drop: string | null }[]> {
  return rowsOf(
    database,
    `select 'rel:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || coalesce((
        select string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || ' ' || a.attnotnull::text, ';'
          order by a.attnum)
        from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item,
        null as drop
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname in ('public', 'drizzle')
      union all
      select 'fn:' || p.oid::regprocedure::text || ':' || md5(coalesce(p.prosrc, '')),
        'drop function if exists ' || p.oid::regprocedure::text
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
      union all
      select 'type:' || t.typname || ':' || t.typtype::text, null
      from pg_type t join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public'
      union all
      select 'trigger:' || tgname, null from pg_trigger where not tgisinternal
      union all
      select 'ext:' || extname || ':' || extversion, null from pg_extension`,
  );
}

/** Every table of the app emptied (the migrations' own record kept), and the session as a new one starts. */
async function emptied(database: Database): Promise<void> {
  await database.db.execute('discard all');
  const tables = await rowsOf<{ name: string }>(
    database,
    `select tablename as name from pg_tables where schemaname = 'public'`,
  );
  if (tables.length === 0) return;
  const list = tables.map((t) => `"${t.name.replaceAll('"', '""')}"`).join(', ');
  await database.db.execute(`truncate table ${list} restart identity cascade`);
}

export type RequestInitWithJson = RequestInit & { json?: unknown; token?: string };

/** Calls an app in-process with a JSON body and a bearer token made easy. */
export function inProcessRequest(app: {
  request(path: string, init: RequestInit): Response | Promise<Response>;
}) {
  return async (path: string, init: RequestInitWithJson = {}): Promise<Response> => {
    const { json, token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (json !== undefined) headers.set('content-type', 'application/json');
    if (token) headers.set('authorization', `Bearer ${token}`);
    const body = json !== undefined ? JSON.stringify(json) : rest.body;
    return app.request(path, { ...rest, headers, body });
  };
}

export interface TestServer {
  platform: Platform;
  /** The Hono app itself (its route table, for tests that walk every route). */
  app: ReturnType<typeof createApp>;
  /** The features' state of this server (decision 0005), built with the options the test passed. */
  services: Services;
  /** Calls the app in-process (Hono's app.request): real routing, middleware and database. */
  request(path: string, init?: RequestInitWithJson): Promise<Response>;
  /** The origin that serves space apps' documents (APP_ORIGIN, else the product's host on APP_PORT). */
  appOrigin: string;
  /** Calls the app origin's handler in-process (what `main.ts` serves on APP_PORT or for APP_ORIGIN's host). */
  appRequest(path: string, init?: RequestInitWithJson): Promise<Response>;
  /** Base URL once `listen()` was called (or at once with `publicUrl`). */
  url?: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
  /** What a second instance of the same deployment shares with this one (see `sameDeploymentAs`). */
  readonly deployment: Deployment;
}

/** What the instances of one deployment share: the database, and their Redis keys. */
interface Deployment {
  /** PostgreSQL connection string, when the deployment is on PostgreSQL */
  databaseUrl?: string;
  redisPrefix: string;
  /** instances still open; the last one to close drops the database and the Redis keys */
  open: number;
  drop(): Promise<void>;
}

export interface TestServerOptions {
  /** The embedded database without its pgvector extension, as a PostgreSQL where it cannot be created. */
  withoutPgvector?: boolean;
  /** The server's logger (tests that read what it logs). */
  logger?: ReturnType<typeof createLogger>;
  /**
   * Listen on a free port at once and make that address PUBLIC_URL too, for flows that come back to the server
   * (OAuth redirects, emailed links). `url` is set when the server answers.
   */
  publicUrl?: boolean;
  /**
   * The embedded database under `env.DATA_DIR`, opened and migrated as `npm start` does, and kept when the server
   * closes: a server started again on the same DATA_DIR finds the data (restarts).
   */
  keepDataDir?: boolean;
  /**
   * A second instance of that server's deployment: the same PostgreSQL database, the same Redis keys (jobs, rate
   * limits), but its own connections, its own process state and its own HTTP port. Needs TEST_DATABASE_URL.
   */
  sameDeploymentAs?: TestServer;
}

/**
 * The one way tests start the server: the real configuration schema (`env`), the real platform, on a fresh
 * database (PGlite in memory, or a new database on TEST_DATABASE_URL) unless `options` say otherwise.
 */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
  options: TestServerOptions & ServiceOptions = {},
): Promise<TestServer> {
  const port = options.publicUrl ? await freePort() : undefined;
  const joined = options.sameDeploymentAs?.deployment;
  if (joined && !joined.databaseUrl)
    throw new Error('a second instance needs TEST_DATABASE_URL (PostgreSQL)');
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/buildai-test-${randomBytes(4).toString('hex')}`,
    AI_MODELS_URL: '',
    // a test file's first validation loads the TypeScript compiler (~10 s): only the tests of the chat's gate ask
    CHAT_VALIDATION: 'off',
    REDIS_URL: process.env.TEST_REDIS_URL,
    ...(port ? { PUBLIC_URL: `http://127.0.0.1:${port}` } : {}),
    ...env,
  });
  const logger = options.logger ?? createLogger(config);
  let deployment: Deployment;
  let database: Database | undefined;
  if (joined) {
    deployment = joined;
    database = await openDatabase({ url: joined.databaseUrl });
  } else if (options.keepDataDir) {
    deployment = { redisPrefix: newRedisPrefix(), open: 0, drop: async () => {} };
  } else {
    const fresh = await openFreshDatabase(undefined, { withoutPgvector: options.withoutPgvector });
    database = fresh.database;
    const redisPrefix = newRedisPrefix();
    deployment = {
      databaseUrl: fresh.url,
      redisPrefix,
      open: 0,
      drop: async () => {
        await fresh.drop();
        if (config.REDIS_URL) await dropRedisKeys(config.REDIS_URL, redisPrefix);
      },
    };
  }
  deployment.open += 1;
  const platform = await createPlatform(config, logger, {
    database,
    refreshModels: false,
    // each deployment counts its own rate limits and runs its own jobs, even on a shared Redis
    limitsPrefix: `${deployment.redisPrefix}:limits`,
    jobsPrefix: `${deployment.redisPrefix}:jobs`,
  });
  const services = createServices(platform, options);
  const app = createApp(platform, services);
  const appOriginApp = createAppOrigin(platform, services);
  let server: Server | undefined;
  const self: TestServer = {
    platform,
    app,
    services,
    deployment,
    request: inProcessRequest(app),
    appOrigin: appOrigin(config),
    appRequest: inProcessRequest(appOriginApp),
    async listen(at = 0) {
      const http = createServer(createNodeHandler(app));
      server = http;
      const address = await new Promise<AddressInfo>((resolve) => {
        http.listen(at, '127.0.0.1', () => resolve(http.address() as AddressInfo));
      });
      self.url = `http://127.0.0.1:${address.port}`;
      return self.url;
    },
    async close() {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      await services.appBundler.close();
      await platform.close();
      deployment.open -= 1;
      if (deployment.open === 0) await deployment.drop();
    },
  };
  if (port) await self.listen(port);
  return self;
}

const newRedisPrefix = () => `buildai-test:${randomBytes(6).toString('hex')}`;

async function dropRedisKeys(url: string, prefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    await redis.quit();
  }
}

/** A port free on this machine now, for a server that must know its public address before it listens. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** The password `signUpBuilder` signs builders up with. */
export const BUILDER_PASSWORD = 'correct horse battery staple';

/** Signs a builder up and creates the account; returns the id token and the refresh cookie. */
export async function signUpBuilder(
  server: TestServer,
  email = `builder-${randomBytes(4).toString('hex')}@example.com`,
) {
  const password = BUILDER_PASSWORD;
  const res = await server.request('/api/live_api/auth/signUp', {
    method: 'POST',
    json: { email, password, tenantId: 'platform' },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const { idToken } = (await res.json()) as { idToken: string };
  const cookie = res.headers.get('set-cookie') ?? '';
  const created = await server.request('/api/live_api/account/create', { method: 'POST', token: idToken });
  if (created.status !== 200) throw new Error(`account create failed: ${created.status}`);
  const { accountId } = (await created.json()) as { accountId: string };
  return { email, password, idToken, accountId, cookie };
}
