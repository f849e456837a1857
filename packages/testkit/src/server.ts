import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import {
  createApp,
  createNodeHandler,
  createLogger,
  createPlatform,
  createServices,
  loadConfig,
  openDatabase,
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

/**
 * A fresh, migrated database for one test (or benchmark): PGlite in memory by default, or a new database on the
 * PostgreSQL server of `serverUrl` (TEST_DATABASE_URL unless given), dropped again by `drop()`.
 */
export async function openFreshDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
): Promise<{ database: Database; drop(): Promise<void> }> {
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await database.migrate();
    return { database, drop: async () => {} };
  }
  const throwaway = await createThrowawayDatabase(serverUrl);
  const database = await openDatabase({ url: throwaway.url });
  await database.migrate();
  return { database, drop: throwaway.drop };
}

export type RequestInitWithJson = RequestInit & { json?: unknown; token?: string };

/** Calls an app in-process with a JSON body and a bearer token made easy. */
export function inProcessRequest(app: ReturnType<typeof createApp>) {
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
  /** The features' state of this server (decision 0005), built with the options the test passed. */
  services: Services;
  /** Calls the app in-process (Hono's app.request): real routing, middleware and database. */
  request(path: string, init?: RequestInitWithJson): Promise<Response>;
  /** Base URL once `listen()` was called. */
  url?: string;
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Starts the server on a fresh database. `env` is parsed by the real configuration schema; `options` are the test
 * seams of the server (the scraper's resolver and caps, the parsers' limits).
 */
export async function startTestServer(
  env: Record<string, string | undefined> = {},
  options: ServiceOptions = {},
): Promise<TestServer> {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: `/tmp/buildai-test-${randomBytes(4).toString('hex')}`,
    AI_MODELS_URL: '',
    REDIS_URL: process.env.TEST_REDIS_URL,
    ...env,
  });
  const logger = createLogger(config);
  const fresh = await openFreshDatabase();
  const platform = await createPlatform(config, logger, {
    database: fresh.database,
    refreshModels: false,
    // each test server counts its own rate limits and runs its own jobs (its database's), even on a shared Redis
    limitsPrefix: `buildai-test:${randomBytes(6).toString('hex')}:limits`,
    jobsPrefix: `buildai-test:${randomBytes(6).toString('hex')}:jobs`,
  });
  const services = createServices(platform, options);
  const app = createApp(platform, services);
  let server: Server | undefined;
  const self: TestServer = {
    platform,
    services,
    request: inProcessRequest(app),
    async listen(port = 0) {
      const http = createServer(createNodeHandler(app, platform));
      server = http;
      const address = await new Promise<AddressInfo>((resolve) => {
        http.listen(port, '127.0.0.1', () => resolve(http.address() as AddressInfo));
      });
      self.url = `http://127.0.0.1:${address.port}`;
      return self.url;
    },
    async close() {
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
      await platform.close();
      await fresh.drop();
    },
  };
  return self;
}

/** Signs a builder up and creates the account; returns the id token and the refresh cookie. */
export async function signUpBuilder(
  server: TestServer,
  email = `builder-${randomBytes(4).toString('hex')}@example.com`,
) {
  const password = 'correct horse battery staple';
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
