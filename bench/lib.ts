import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createThrowawayDatabase } from '@buildai/testkit';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The flags `npm start` gives node (the root package.json's `start`: `node <flags> apps/server/dist/main.js`), so that
 * a bench runs the server as it is run, and its floors with the same runtime (decision 0005, "Session 20, later").
 */
export const SERVER_NODE_FLAGS: string[] = (() => {
  const start = (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start;
  const words = start.split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'apps/server/dist/main.js')
    throw new Error(`the root package.json's start is not "node <flags> apps/server/dist/main.js": ${start}`);
  return words.slice(1, -1);
})();

/** The middle value (the upper one of an even count). */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function waitForUrl(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up`);
}

const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
let postgres: Promise<string | null> | undefined;

/**
 * The PostgreSQL server the latency figures are judged on (issue 34, item 11; decision 0005-house-order "Speed"):
 * BENCH_POSTGRES_URL, else the machine's own at 127.0.0.1:5432 when it answers. Null when none answers: the
 * embedded database's figures are then printed alone. Each bench makes a fresh database there and drops it.
 */
export function benchPostgres(): Promise<string | null> {
  postgres ??= (async () => {
    const url = process.env.BENCH_POSTGRES_URL ?? MACHINE_POSTGRES;
    try {
      const probe = await createThrowawayDatabase(url);
      await probe.drop();
      return url;
    } catch (err) {
      console.log(`(no PostgreSQL at ${url}: ${(err as Error).message}; the embedded database only)`);
      return null;
    }
  })();
  return postgres;
}

/** The databases a latency bench runs on, PostgreSQL first (the judged one), then the embedded database. */
export async function benchDatabases(): Promise<{ label: 'postgres' | 'pglite'; url: string | null }[]> {
  const url = await benchPostgres();
  return [...(url ? [{ label: 'postgres' as const, url }] : []), { label: 'pglite', url: null }];
}

/**
 * Starts the built server as its own process on a fresh embedded data directory. `build` names another build of
 * the server and the node flags to start it with (`npm start`'s unless named), for an A/B (throughput-ab.ts).
 */
export async function startBuiltServer(
  port: number,
  env: Record<string, string> = {},
  build: { main?: string; nodeFlags?: string[] } = {},
): Promise<ChildProcess> {
  // BENCH_SERVER_MAIN: another build of the server (e.g. one from before a change), to measure it the same way
  const main = build.main ?? process.env.BENCH_SERVER_MAIN ?? path.join(root, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  // BENCH_CPU_PROF_DIR=dir writes a CPU profile of the server there when it stops (open it in Chrome's devtools)
  const profile = process.env.BENCH_CPU_PROF_DIR;
  const flags = build.nodeFlags ?? SERVER_NODE_FLAGS;
  // BENCH_CPU_PROF_INTERVAL=µs samples more often than node's 1 ms, for the parts of one request
  const interval = process.env.BENCH_CPU_PROF_INTERVAL;
  const profiling = profile
    ? ['--cpu-prof', `--cpu-prof-dir=${profile}`, ...(interval ? [`--cpu-prof-interval=${interval}`] : [])]
    : [];
  const args = [...flags, ...profiling, main];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'buildai-bench-')),
      AI_MODELS_URL: '',
      NODE_ENV: 'production',
      // the chat's gate warms TypeScript for seconds of CPU right after the server listens: a bench that measures
      // other requests would measure beside it (bench/chat-gate.ts turns it on)
      CHAT_VALIDATION: 'off',
      ...env,
    },
  });
  // a server that exits at once (its port taken by another) must not pass for one that answers
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server on port ${port} exited (${code})`))),
  );
  await Promise.race([waitForUrl(`http://127.0.0.1:${port}/api/health`), exited]);
  exited.catch(() => {});
  return child;
}

/**
 * The bare forwarding server of proxy-floor-server.ts on `port`, in front of the model at `upstream`: the floor
 * the first-token figures are read against.
 */
export async function startProxyFloor(port: number, upstream: string): Promise<ChildProcess> {
  const args = [...SERVER_NODE_FLAGS, '--import', 'tsx', path.join(root, 'bench/proxy-floor-server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, FLOOR_PORT: String(port), FLOOR_UPSTREAM: upstream },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the proxy floor on port ${port} exited (${code})`))),
  );
  await Promise.race([waitForUrl(`http://127.0.0.1:${port}/`), exited]);
  exited.catch(() => {});
  return child;
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

/** The password of every builder a bench signs up. */
export const BUILDER_PASSWORD = 'correct horse battery staple';

export async function signUpBuilder(
  base: string,
  email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`,
): Promise<string> {
  const res = await fetch(`${base}/api/live_api/auth/signUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BUILDER_PASSWORD, tenantId: 'platform' }),
  });
  const { idToken } = (await res.json()) as { idToken: string };
  await fetch(`${base}/api/live_api/account/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
  });
  return idToken;
}

/**
 * A builder whose email is verified (the workspace asks for it), and a token issued after verifying. The server must
 * run outside production, so its outbox (`/api/dev/mail`) hands over the verification link.
 */
export async function verifiedBuilder(base: string, email: string): Promise<string> {
  await signUpBuilder(base, email);
  const mail = (await (await fetch(`${base}/api/dev/mail?to=${encodeURIComponent(email)}`)).json()) as {
    meta: { url?: string };
  }[];
  const code = new URL(mail.find((m) => m.meta.url)!.meta.url!).searchParams.get('oobCode');
  const verified = await fetch(`${base}/api/live_api/auth/verifyEmail`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!verified.ok) throw new Error(`verifyEmail: ${verified.status}`);
  const signIn = await fetch(`${base}/api/live_api/auth/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BUILDER_PASSWORD, tenantId: 'platform' }),
  });
  return ((await signIn.json()) as { idToken: string }).idToken;
}

async function postJson(base: string, token: string, url: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** A builder's tool app, saved, its tool activated and the app published; answers its ids. */
export async function publishTool(
  base: string,
  token: string,
  app: { header: string; gptPrompt: string; fields: { name: string; label: string }[] },
): Promise<{ appId: string; toolId: string; path: string }> {
  const created = (await postJson(base, token, '/api/apps/new', { kind: 'tool' })) as {
    appId: string;
    toolId: string;
    path: string;
  };
  await postJson(base, token, '/api/apps', { appType: 'tool', appId: created.appId, app });
  await postJson(base, token, `/api/apps/${created.appId}/tools/${created.toolId}/status`, {
    status: 'active',
  });
  await postJson(base, token, `/api/apps/${created.appId}/publish`);
  return created;
}

/** Saves app settings (run limits need a builder above lite, or an admin of ADMIN_EMAILS). */
export async function saveAppSettings(base: string, token: string, appId: string, appSettings: object) {
  await postJson(base, token, `/api/apps/${appId}/settings`, { appSettings });
}

/**
 * Runs a bench's measurements on a fresh PostgreSQL database when `postgresUrl` names a server (dropped after), or on
 * the embedded PGlite, and stops every process it started (those `measure` puts in `children`), whatever happened.
 */
export async function inThrowawayDatabase<T>(
  postgresUrl: string | undefined,
  measure: (databaseUrl: string | undefined, children: ChildProcess[]) => Promise<T>,
): Promise<T> {
  const throwaway = postgresUrl ? await createThrowawayDatabase(postgresUrl) : undefined;
  const children: ChildProcess[] = [];
  try {
    return await measure(throwaway?.url, children);
  } finally {
    await Promise.all(children.map(stop));
    await throwaway?.drop();
  }
}

/** Moments a page reports (console marks), by key: the first of each is kept, and a test may wait for one. */
export class Marks {
  private readonly times = new Map<string, number>();
  private readonly waiters = new Map<string, (at: number) => void>();
  constructor(private readonly waitMs: number) {}
  record(key: string, at: number) {
    if (process.env.BENCH_DEBUG) console.log('mark', key, Math.round(at));
    if (this.times.has(key)) return;
    this.times.set(key, at);
    this.waiters.get(key)?.(at);
  }
  wait(key: string): Promise<number> {
    const known = this.times.get(key);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no "${key}" within ${this.waitMs} ms`)), this.waitMs);
      this.waiters.set(key, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }
}

/** Debian's Chromium flags, as e2e/playwright.config.ts launches it (architecture §9). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
