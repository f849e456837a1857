// (a) Throughput of the routes people use, each against a bare node:http server that runs exactly the SQL the route
// ran, through the same driver (same-sql-server.ts), measured the same way in the same job:
//   - GET /api/live_api/account/current, authenticated (token check + one query)
//   - GET /api/apps/{appId}, anonymous: the public view of a published app
// and the latency of a mixed load of reads and writes from 200 connections (p99).
// On the PostgreSQL server it is given (a fresh database is made there; `benchDatabases` in lib.ts), otherwise on the
// embedded PGlite. Every run is bounded in time (autocannon durations) and stops by itself. The mixed load's p99 is
// judged against the same cycle run on the same-SQL floor: at most 1.3 times its p99 (issue 34, item 11).
import { AsyncLocalStorage } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp, createLogger, createPlatform, loadConfig, openDatabase } from '@buildai/server';
import type { CapturedQuery } from './same-sql-server';
import {
  inThrowawayDatabase,
  median,
  publishTool,
  root,
  SERVER_NODE_FLAGS,
  signUpBuilder,
  startBuiltServer,
  stop,
  waitForUrl,
} from './lib';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const MIXED_CONNECTIONS = 200;
const MIXED_DURATION_S = Number(process.env.BENCH_MIXED_DURATION ?? 10);
/**
 * rounds of the mixed load, the product's and the floor's in turn; each figure is the round with the median p99. Five:
 * one round in four or five reads 10–40 % off its neighbours on a 2-core machine (either server's), and the median of
 * three let one such round decide the figure (decision 0005-house-order/speed.md, "Session 26")
 */
const MIXED_ROUNDS = Number(process.env.BENCH_MIXED_ROUNDS ?? 5);
/** the uncounted warm-up round of each server before the mixed load's rounds (s) */
const MIXED_WARMUP_S = 5;
const BUILDERS = 20;
const PRODUCT_PORT = 4392;
const BASELINE_PORT = 4391;

async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

export interface Builder {
  token: string;
  appId: string;
}

export async function seed(base: string): Promise<Builder[]> {
  const builders: Builder[] = [];
  for (let i = 0; i < BUILDERS; i++) {
    const token = await signUpBuilder(base);
    const { appId } = await publishTool(base, token, {
      header: `Slogans ${i}`,
      gptPrompt: 'Write a slogan about {{topic}}.',
      fields: [{ name: 'topic', label: 'Topic' }],
    });
    builders.push({ token, appId });
  }
  return builders;
}

/**
 * The statements each route runs, recorded at the driver while the same build of the app answers the request
 * in this process on the same data. The baseline replays exactly these.
 */
export async function captureQueries(
  db: { url?: string; dataDir?: string },
  requests: Record<string, { path: string; token?: string; body?: unknown }>,
): Promise<Record<string, CapturedQuery[]>> {
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    AI_MODELS_URL: '',
    DATA_DIR: db.dataDir ?? mkdtempSync(path.join(tmpdir(), 'buildai-bench-capture-')),
    DATABASE_URL: db.url,
  });
  const database = await openDatabase(db.url ? { url: db.url } : { dataDir: `${db.dataDir}/pglite` });
  const platform = await createPlatform(config, createLogger(config), { database, refreshModels: false });
  const app = createApp(platform);
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query.bind(client);
  // what the request ran, and not what the server's own jobs ran meanwhile (a job's poll landed in a route's
  // statements in some runs, and the floor then replayed it on every request)
  const request = new AsyncLocalStorage<CapturedQuery[]>();
  client.query = (query: unknown, params?: unknown, ...rest: unknown[]) => {
    const q = query as string | { text: string; values?: unknown[]; name?: string };
    const recording = request.getStore();
    if (recording)
      recording.push(
        typeof q === 'string'
          ? { text: q, params: (params as unknown[]) ?? [] }
          : { text: q.text, params: q.values ?? (params as unknown[]) ?? [], name: q.name },
      );
    return original(query, params, ...rest);
  };
  const captured: Record<string, CapturedQuery[]> = {};
  for (const [name, r] of Object.entries(requests)) {
    // once to warm caches (the signing key is read once per process), then recorded
    const headers: Record<string, string> = r.token ? { authorization: `Bearer ${r.token}` } : {};
    const init =
      r.body === undefined
        ? { headers }
        : {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify(r.body),
          };
    await app.request(r.path, init);
    const recording: CapturedQuery[] = [];
    const res = await request.run(recording, () => app.request(r.path, init));
    if (res.status !== 200) throw new Error(`${r.path}: ${res.status} ${await res.text()}`);
    captured[name] = recording;
  }
  await platform.close();
  return captured;
}

/** The bare node:http server of same-sql-server.ts answering `/{name}` for each captured request. */
export async function startBaseline(
  db: { url?: string; dataDir?: string },
  queries: Record<string, CapturedQuery[]>,
  port = BASELINE_PORT,
): Promise<ChildProcess> {
  // BENCH_BASELINE_CPU_PROF_DIR=dir writes a CPU profile of the baseline there when it stops
  const profile = process.env.BENCH_BASELINE_CPU_PROF_DIR;
  // the same runtime flags as the product (`npm start`'s)
  const args = [
    ...SERVER_NODE_FLAGS,
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    '--import',
    'tsx',
    path.join(root, 'bench/same-sql-server.ts'),
  ];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      BASELINE_PORT: String(port),
      BASELINE_QUERIES: JSON.stringify(queries),
      ...(db.url ? { BASELINE_DATABASE_URL: db.url } : { BASELINE_DATA_DIR: `${db.dataDir}/pglite` }),
    },
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the baseline on port ${port} exited (${code})`))),
  );
  await Promise.race([waitForUrl(`http://127.0.0.1:${port}/${Object.keys(queries)[0]}`), exited]);
  exited.catch(() => {});
  return child;
}

/** A child process's CPU time so far (ms), in user space and in the kernel, from /proc (Linux). */
function cpuMsOf(child: ChildProcess): { user: number; system: number } {
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
  // the fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return {
    user: (Number(fields[11]) * 1000) / CLOCK_TICKS_PER_S,
    system: (Number(fields[12]) * 1000) / CLOCK_TICKS_PER_S,
  };
}
/** Linux's USER_HZ, the unit of /proc's CPU times. */
const CLOCK_TICKS_PER_S = 100;

/**
 * 200 connections, each request one of: the builder's account, a public app view, a save of an app's style. With
 * `floor`, the same cycle asked of the same-SQL baseline (`/account-{i}`, `/app-{i}`, `/style-{i}` for builder i:
 * each replays the statements its route ran for that builder), as the floor the product's p99 is read against.
 */
export async function mixedLoad(
  base: string,
  builders: Builder[],
  server: ChildProcess,
  floor = false,
  duration = MIXED_DURATION_S,
) {
  const cpuBefore = cpuMsOf(server);
  let n = 0;
  const pick = () => {
    const i = n++ % builders.length;
    return { ...builders[i]!, i };
  };
  const result = await autocannon({
    url: base,
    connections: MIXED_CONNECTIONS,
    duration,
    requests: [
      {
        method: 'GET',
        setupRequest: (req) => {
          const b = pick();
          return {
            ...req,
            path: floor ? `/account-${b.i}` : '/api/live_api/account/current',
            headers: { authorization: `Bearer ${b.token}` },
          };
        },
      },
      {
        method: 'GET',
        setupRequest: (req) => {
          const b = pick();
          return { ...req, path: floor ? `/app-${b.i}` : `/api/apps/${b.appId}` };
        },
      },
      {
        method: 'POST',
        setupRequest: (req) => {
          const b = pick();
          return {
            ...req,
            path: floor ? `/style-${b.i}` : `/api/apps/${b.appId}/style`,
            headers: { authorization: `Bearer ${b.token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ appStyle: { styleName: n % 2 ? 'dark' : 'light' } }),
          };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    // the server's CPU time (user + system) per request: a figure other work on the machine barely moves
    ...(() => {
      const after = cpuMsOf(server);
      const per = (ms: number) => ms / Math.max(1, result.requests.total);
      return {
        cpuPerRequestMs: per(after.user + after.system - cpuBefore.user - cpuBefore.system),
        userPerRequestMs: per(after.user - cpuBefore.user),
      };
    })(),
    non2xx: result.non2xx,
    errors: result.errors,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
  };
}

export function benchThroughput(databaseUrl: string | null = null) {
  return inThrowawayDatabase(databaseUrl ?? undefined, measureAll);
}

/** How many times the same-SQL floor's mixed-load p99 the product's may be (issue 34, item 11). */
export const MIXED_OVER_FLOOR_FACTOR = 1.3;

async function measureAll(databaseUrl: string | undefined, children: ChildProcess[]) {
  const base = `http://127.0.0.1:${PRODUCT_PORT}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'buildai-bench-throughput-'));
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir };
  const start = async () => {
    const child = await startBuiltServer(PRODUCT_PORT, env);
    children.push(child);
    return child;
  };
  let server = await start();
  const builders = await seed(base);
  const [first] = builders;
  // each builder's cycle of the mixed load, replayed by the floor; the first builder's account and app are also the
  // throughput figures' routes
  const requests: Record<string, { path: string; token?: string; body?: unknown }> = Object.fromEntries(
    builders.flatMap((b, i) => [
      [`account-${i}`, { path: '/api/live_api/account/current', token: b.token }],
      [`app-${i}`, { path: `/api/apps/${b.appId}` }],
      [
        `style-${i}`,
        { path: `/api/apps/${b.appId}/style`, token: b.token, body: { appStyle: { styleName: 'dark' } } },
      ],
    ]),
  );
  let baselineDb: { url?: string; dataDir?: string };
  if (databaseUrl) baselineDb = { url: databaseUrl };
  else {
    // one process at a time opens an embedded database: the baseline gets a copy of the product's
    await stop(server);
    const copy = mkdtempSync(path.join(tmpdir(), 'buildai-bench-baseline-'));
    cpSync(dataDir, copy, { recursive: true });
    baselineDb = { dataDir: copy };
    server = await start();
  }
  const queries = await captureQueries(baselineDb, requests);
  const baseline = await startBaseline(baselineDb, queries);
  children.push(baseline);

  const auth = { authorization: `Bearer ${first!.token}` };
  const targets = {
    accountBaseline: () => measure(`http://127.0.0.1:${BASELINE_PORT}/account-0`),
    account: () => measure(`${base}${requests['account-0']!.path}`, auth),
    appBaseline: () => measure(`http://127.0.0.1:${BASELINE_PORT}/app-0`),
    app: () => measure(`${base}${requests['app-0']!.path}`),
  };
  const samples = Object.fromEntries(Object.keys(targets).map((k) => [k, [] as number[]])) as Record<
    keyof typeof targets,
    number[]
  >;
  // side by side, measured in turn round after round; each figure is the median of its rounds
  // BENCH_MIXED_ONLY=1: the mixed load alone (when working on its figure)
  for (let round = 0; round < (process.env.BENCH_MIXED_ONLY ? 0 : ROUNDS); round++) {
    for (const key of Object.keys(targets) as (keyof typeof targets)[]) {
      samples[key].push(await targets[key]());
    }
  }
  const mixedRounds: Awaited<ReturnType<typeof mixedLoad>>[] = [];
  const floorRounds: Awaited<ReturnType<typeof mixedLoad>>[] = [];
  // a round of each, not counted: a fresh process needs a few seconds of the cycle before its code is optimised (its
  // first round ran up to half again as long, on either server), and a server in use is warm
  await mixedLoad(base, builders, server, false, MIXED_WARMUP_S);
  await mixedLoad(`http://127.0.0.1:${BASELINE_PORT}`, builders, baseline, true, MIXED_WARMUP_S);
  for (let round = 0; round < MIXED_ROUNDS; round++) {
    mixedRounds.push(await mixedLoad(base, builders, server));
    floorRounds.push(await mixedLoad(`http://127.0.0.1:${BASELINE_PORT}`, builders, baseline, true));
  }
  const medianRound = (rounds: typeof mixedRounds) =>
    [...rounds].sort((a, b) => a.p99 - b.p99)[Math.floor(rounds.length / 2)]!;
  const cpu = (rounds: typeof mixedRounds) => median(rounds.map((r) => r.cpuPerRequestMs));
  const user = (rounds: typeof mixedRounds) => median(rounds.map((r) => r.userPerRequestMs));
  const mixed = {
    ...medianRound(mixedRounds),
    p99s: mixedRounds.map((r) => r.p99),
    cpu: cpu(mixedRounds),
    user: user(mixedRounds),
  };
  const mixedFloor = {
    ...medianRound(floorRounds),
    p99s: floorRounds.map((r) => r.p99),
    cpu: cpu(floorRounds),
    user: user(floorRounds),
  };
  return {
    db: databaseUrl ? 'postgres' : 'pglite',
    statements: {
      account: queries['account-0']!.length,
      app: queries['app-0']!.length,
      style: queries['style-0']!.length,
    },
    accountBaseline: median(samples.accountBaseline),
    account: median(samples.account),
    appBaseline: median(samples.appBaseline),
    app: median(samples.app),
    mixed,
    mixedFloor,
    rounds: ROUNDS,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    mixedConnections: MIXED_CONNECTIONS,
    mixedDurationS: MIXED_DURATION_S,
    mixedRounds: MIXED_ROUNDS,
  };
}

/** Prints (a) for one database; true when (judged) the mixed load's p99 is within its target. */
export function printThroughput(t: Awaited<ReturnType<typeof benchThroughput>>, judged = false): boolean {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\n(a) throughput on ${t.db}, ${t.connections} connections, median of ${t.rounds} rounds of ${t.durationS} s (requests/s)`,
  );
  if (t.account !== undefined) {
    console.log(`  same SQL, bare node:http (${t.statements.account} statement)  ${f(t.accountBaseline)}`);
    console.log(
      `  GET account/current (auth)   ${f(t.account)}   ratio ${(t.account / t.accountBaseline).toFixed(2)}x  (target >= 0.5x)`,
    );
    console.log(`  same SQL, bare node:http (${t.statements.app} statements) ${f(t.appBaseline)}`);
    console.log(
      `  GET /api/apps/{id} (public)  ${f(t.app)}   ratio ${(t.app / t.appBaseline).toFixed(2)}x  (target >= 0.5x)`,
    );
  }
  const m = t.mixed;
  console.log(
    `  mixed reads/writes, ${t.mixedConnections} connections, ${t.mixedDurationS} s, the median of ${t.mixedRounds} rounds: ${m.requests} requests, ` +
      `p50 ${m.p50} ms  p99 ${m.p99} ms (rounds ${m.p99s.join(', ')})  max ${m.max} ms, ${m.non2xx} non-2xx, ${m.errors} errors`,
  );
  const fl = t.mixedFloor;
  console.log(
    `  the same cycle against the same-SQL baseline (${t.statements.account} + ${t.statements.app} + ${t.statements.style} statements): ` +
      `${fl.requests} requests, p50 ${fl.p50} ms  p99 ${fl.p99} ms (rounds ${fl.p99s.join(', ')})  max ${fl.max} ms, ${fl.non2xx} non-2xx, ${fl.errors} errors`,
  );
  console.log(
    `  server CPU per request of the cycle (median of the rounds): ${m.cpu.toFixed(3)} ms (user ${m.user.toFixed(3)}), ` +
      `the floor's ${fl.cpu.toFixed(3)} ms (user ${fl.user.toFixed(3)}); ratio ${(m.cpu / fl.cpu).toFixed(2)}x`,
  );
  const target = MIXED_OVER_FLOOR_FACTOR * fl.p99;
  const ok = m.p99 <= target && m.errors === 0 && m.non2xx === 0;
  console.log(
    `  judged: mixed p99 ${m.p99} <= ${MIXED_OVER_FLOOR_FACTOR} x the floor's ${fl.p99} = ${f(target)} ms  ${judged ? (ok ? 'ok' : 'OVER') : '(reported beside the judged database)'}`,
  );
  return !judged || ok;
}
