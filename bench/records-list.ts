// (j) Listing records: an entity with a `creator` read rule holding 100,000 records (BENCH_RECORDS), spread at random
// over 50 end users of the app's tenant and its owner. Timed: `GET /api/apps/{appId}/entities/Invoice/records?limit=50`
// as one end user (newest first, their own records only), page 1 and page 2 (through the first page's cursor), each
// against a bare node:http server that runs exactly the statements the route ran — text, parameters, statement name,
// recorded at the driver while the same code answered the same request in-process on the same data — through the same
// driver and sends the rows as JSON (same-sql-server.ts, the method of the throughput bench, decision 0005
// "Benchmarks measure the product"). Both are their own processes, measured in turn with autocannon (20 connections,
// 5 rounds of 3 s, median), with the CPU each server process used per request (from /proc, steadier than requests/s
// on a shared machine). Target: the route's time per request at most 1.5× the same SQL's (judged on PostgreSQL).
// On PostgreSQL when BENCH_RECORDS_DATABASE_URL names a server (a fresh database there, dropped after), otherwise on
// the embedded PGlite (the baseline opens a copy of the product's data directory). The records are seeded straight
// into the table (one INSERT … SELECT per 5,000), not through 100,000 requests; then VACUUM ANALYZE, as autovacuum
// would have done by then.
// Alone: `npm run bench:records -w @buildai/bench` (both records benches), or in bench/:
// `node --import tsx records-list.ts` after `npm run build -w @buildai/server`.
import { type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import type { CapturedQuery } from './same-sql-server';
import { inThrowawayDatabase, median, startBuiltServer, stop } from './lib';
import {
  ENTITY,
  generateInvoices,
  mulberry32,
  openPlatform,
  rawClient,
  setUpApp,
  type BenchApp,
  type BenchDb,
  type RawClient,
} from './records-data';
import { captureQueries, startBaseline } from './throughput';

const POSTGRES_URL = process.env.BENCH_RECORDS_DATABASE_URL;
const RECORDS = Number(process.env.BENCH_RECORDS ?? 100_000);
const END_USERS = Number(process.env.BENCH_RECORDS_USERS ?? 50);
const LIMIT = 50;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.BENCH_DURATION ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
// BENCH_RECORDS_PORT: another pair of ports, when several checkouts measure on one machine
const PRODUCT_PORT = Number(process.env.BENCH_RECORDS_PORT ?? 4411);
// the server takes PORT and the app origin PORT + 1
const BASELINE_PORT = PRODUCT_PORT + 2;
const SEED_CHUNK = 5000;

/** The records, oldest first one second apart, each by a creator drawn at random among the end users and the owner. */
export async function seedRecords(
  client: RawClient,
  app: BenchApp,
  count: number,
): Promise<Map<string, number>> {
  const random = mulberry32(7);
  const creators = [app.ownerId, ...app.users.map((u) => u.id)];
  const perCreator = new Map<string, number>();
  const invoices = generateInvoices(count);
  const start = Date.now() - count * 1000;
  for (let from = 0; from < count; from += SEED_CHUNK) {
    const rows = invoices.slice(from, from + SEED_CHUNK).map((data, i) => {
      const creatorId = creators[Math.floor(random() * creators.length)]!;
      perCreator.set(creatorId, (perCreator.get(creatorId) ?? 0) + 1);
      return {
        id: `r${String(from + i).padStart(7, '0')}${Math.floor(random() * 1e9).toString(36)}`,
        data,
        creatorId,
        createdAt: new Date(start + (from + i) * 1000).toISOString(),
      };
    });
    await client.query(
      `INSERT INTO app_records (id, app_id, entity, data, creator_id, created_at)
       SELECT r->>'id', $1, $2, r->'data', r->>'creatorId', (r->>'createdAt')::timestamptz
       FROM jsonb_array_elements($3::jsonb) AS r`,
      [app.appId, ENTITY, JSON.stringify(rows)],
    );
  }
  await client.query('VACUUM ANALYZE app_records');
  return perCreator;
}

/** CPU seconds (user + system) a process has used so far, from /proc (0 where there is none). */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime, the 14th and 15th fields, in clock ticks (100 a second on Linux)
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * Requests/s and p50 latency, and the CPU the serving process used per request: on a machine shared with other work
 * the requests/s move with the scheduling, the CPU per request much less.
 */
async function measure(server: ChildProcess, url: string, headers: Record<string, string> = {}) {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const cpuBefore = cpuSeconds(server.pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  const cpu = cpuSeconds(server.pid) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    cpuMs: (cpu * 1000) / result.requests.total,
  };
}

interface Page {
  records: { id: string; creatorId: string | null; createdAt: string }[];
  nextCursor: string | null;
}

async function getPage(base: string, url: string, token: string): Promise<Page> {
  const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

/** The plan PostgreSQL chose for the route's list statement (the one that reads app_records), with its timing. */
async function explain(client: RawClient, statements: CapturedQuery[]): Promise<string[]> {
  const list = statements.find((q) => /from\s+"?app_records"?/i.test(q.text) && /limit/i.test(q.text));
  if (!list) return ['(no statement of the route reads app_records with a LIMIT)'];
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${list.text}`, list.params);
  return rows.map((r) => String(Object.values(r)[0]));
}

export function benchRecordsList() {
  return inThrowawayDatabase(POSTGRES_URL, measureAll);
}

async function measureAll(databaseUrl: string | undefined, children: ChildProcess[]) {
  const db: BenchDb = {
    url: databaseUrl,
    dataDir: mkdtempSync(path.join(tmpdir(), 'buildai-bench-records-')),
  };
  const seedStarted = performance.now();
  const platform = await openPlatform(db);
  let app: BenchApp;
  let perCreator: Map<string, number>;
  try {
    app = await setUpApp(platform, END_USERS);
    perCreator = await seedRecords(rawClient(platform), app, RECORDS);
  } finally {
    await platform.close();
  }
  const seedS = (performance.now() - seedStarted) / 1000;

  const env: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl, DATA_DIR: db.dataDir }
    : { DATA_DIR: db.dataDir };
  const start = async () => {
    const child = await startBuiltServer(PRODUCT_PORT, { LOG_LEVEL: 'warn', ...env });
    children.push(child);
    return child;
  };
  let server = await start();
  const base = `http://127.0.0.1:${PRODUCT_PORT}`;
  const user = app.users[0]!;
  const listPath = `/api/apps/${app.appId}/entities/${ENTITY}/records?limit=${LIMIT}`;
  const first = await getPage(base, listPath, user.token);
  if (first.records.length !== LIMIT || first.records.some((r) => r.creatorId !== user.id))
    throw new Error(`page 1: expected ${LIMIT} records of the end user, got ${first.records.length}`);
  if (!first.nextCursor) throw new Error('page 1 has no nextCursor');
  const page2Path = `${listPath}&cursor=${encodeURIComponent(first.nextCursor)}`;
  const second = await getPage(base, page2Path, user.token);
  if (second.records.length !== LIMIT || second.records.some((r) => r.creatorId !== user.id))
    throw new Error(`page 2: expected ${LIMIT} records of the end user, got ${second.records.length}`);
  if (second.records[0]!.createdAt > first.records.at(-1)!.createdAt)
    throw new Error('page 2 does not follow page 1');

  let baselineDb: BenchDb;
  if (databaseUrl) baselineDb = db;
  else {
    // one process at a time opens an embedded database: the baseline gets a copy of the product's
    await stop(server);
    const copy = mkdtempSync(path.join(tmpdir(), 'buildai-bench-records-baseline-'));
    cpSync(db.dataDir, copy, { recursive: true });
    baselineDb = { dataDir: copy };
    server = await start();
  }
  const requests = {
    page1: { path: listPath, token: user.token },
    page2: { path: page2Path, token: user.token },
  };
  const queries = await captureQueries(baselineDb, requests);
  // the plan, on the baseline's database before its server opens it (PGlite: one process at a time)
  const planPlatform = await openPlatform(baselineDb);
  let plan: string[];
  try {
    plan = await explain(rawClient(planPlatform), queries.page1!);
  } finally {
    await planPlatform.close();
  }
  const bare = await startBaseline(baselineDb, queries, BASELINE_PORT);
  children.push(bare);

  const auth = { authorization: `Bearer ${user.token}` };
  const targets = {
    page1Baseline: () => measure(bare, `http://127.0.0.1:${BASELINE_PORT}/page1`),
    page1: () => measure(server, `${base}${listPath}`, auth),
    page2Baseline: () => measure(bare, `http://127.0.0.1:${BASELINE_PORT}/page2`),
    page2: () => measure(server, `${base}${page2Path}`, auth),
  };
  type Key = keyof typeof targets;
  const samples = Object.fromEntries(Object.keys(targets).map((k) => [k, []])) as unknown as Record<
    Key,
    Awaited<ReturnType<typeof measure>>[]
  >;
  // side by side, measured in turn round after round; each figure is the median of its rounds
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of Object.keys(targets) as Key[]) samples[key].push(await targets[key]());
  }
  const figure = (key: Key) => ({
    rps: median(samples[key].map((r) => r.rps)),
    p50: median(samples[key].map((r) => r.p50)),
    cpuMs: median(samples[key].map((r) => r.cpuMs)),
  });
  return {
    db: databaseUrl ? 'postgres' : 'pglite',
    records: RECORDS,
    creators: perCreator.size,
    userRecords: perCreator.get(user.id) ?? 0,
    seedS,
    statements: { page1: queries.page1!, page2: queries.page2! },
    plan,
    page1Baseline: figure('page1Baseline'),
    page1: figure('page1'),
    page2Baseline: figure('page2Baseline'),
    page2: figure('page2'),
    rounds: ROUNDS,
    connections: CONNECTIONS,
    durationS: DURATION_S,
  };
}

export function printRecordsList(t: Awaited<ReturnType<typeof benchRecordsList>>) {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\n(j) listing ${LIMIT} records on ${t.db}: ${t.records} records of an entity with a creator read rule over ` +
      `${t.creators} creators (this end user's: ${t.userRecords}); seeded in ${t.seedS.toFixed(1)} s`,
  );
  console.log(
    `  ${t.connections} connections, median of ${t.rounds} rounds of ${t.durationS} s (requests/s, p50 latency ms)`,
  );
  const row = (label: string, page: 'page1' | 'page2') => {
    const product = t[page];
    const baseline = t[`${page}Baseline`];
    const cpu = (r: { cpuMs: number }) => `CPU ${r.cpuMs.toFixed(2)} ms/request`;
    console.log(
      `  same SQL, bare node:http (${t.statements[page].length} statements)  ${f(baseline.rps)}  p50 ${baseline.p50}  ${cpu(baseline)}`,
    );
    console.log(
      `  ${label}  ${f(product.rps)}  p50 ${product.p50}  ${cpu(product)}   time ratio ${(baseline.rps / product.rps).toFixed(2)}x  (target <= 1.5x)`,
    );
  };
  row('GET …/records?limit=50 (page 1)  ', 'page1');
  row('GET …/records?cursor= (page 2)   ', 'page2');
  if (process.env.BENCH_VERBOSE) {
    for (const [page, statements] of Object.entries(t.statements)) {
      console.log(`  statements of ${page}:`);
      for (const q of statements)
        console.log(`    ${q.text.replace(/\s+/g, ' ')}  ${JSON.stringify(q.params)}`);
    }
  }
  console.log('  plan of the list statement (page 1):');
  for (const line of t.plan) console.log(`    ${line}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) printRecordsList(await benchRecordsList());
