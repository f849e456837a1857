// (o) The logs of an app: 100,000 runs (BENCH_LOGS_RUNS) of one app, tool runs and assistant turns from 50 end users
// and anonymous visitors over 90 days, some rated, some failed. Timed: `GET /api/apps/{appId}/logs` as the app's
// builder — the first page (50, newest first), the second (through the first page's cursor), and a filtered page
// (thumbs down from the widget) — each as a p95 of sequential requests, beside a bare node:http server running exactly
// the statements the route ran (same-sql-server.ts: text and parameters recorded at the driver while the same code
// answered the same request in-process on the same data). Target: the route's p95 at most 150 ms (issue 33), judged on
// PostgreSQL (BENCH_LOGS_DATABASE_URL, else BENCH_RECORDS_DATABASE_URL: a fresh database there, dropped after);
// otherwise on the embedded PGlite. The runs are seeded straight into the table (one INSERT … SELECT per 5,000), then
// VACUUM ANALYZE, as autovacuum would have done by then.
// Alone, in bench/: `node --import tsx logs-list.ts` after `npm run build -w @buildai/server`.
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inThrowawayDatabase, percentile, startBuiltServer, stop } from './lib';
import { mulberry32, openPlatform, rawClient, setUpApp, type BenchDb, type RawClient } from './records-data';
import { captureQueries, startBaseline } from './throughput';

const POSTGRES_URL = process.env.BENCH_LOGS_DATABASE_URL ?? process.env.BENCH_RECORDS_DATABASE_URL;
const RUNS = Number(process.env.BENCH_LOGS_RUNS ?? 100_000);
const END_USERS = Number(process.env.BENCH_LOGS_USERS ?? 50);
const SAMPLES = Number(process.env.BENCH_LOGS_SAMPLES ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PRODUCT_PORT = Number(process.env.BENCH_LOGS_PORT ?? 4431);
const BASELINE_PORT = PRODUCT_PORT + 2;
const SEED_CHUNK = 5000;
const TARGET_P95_MS = 150;
const TOOL_ID = 'bench-logs-tool';

const SOURCES = ['web', 'web', 'web', 'widget', 'api', 'mcp'] as const;

/** One tool with a personal email field, and the runs: a third of them assistant turns, oldest first. */
async function seedRuns(client: RawClient, appId: string, userIds: string[], count: number): Promise<void> {
  await client.query(
    `INSERT INTO tools (tool_id, app_id, title, path, status, definition) VALUES ($1, $2, 'Slogans', 'slogans', 'active', $3::jsonb)`,
    [
      TOOL_ID,
      appId,
      JSON.stringify({
        header: 'Slogans',
        gptPrompt: 'A slogan about {{topic}}',
        fields: [
          { name: 'topic', label: 'Topic', type: 'text' },
          { name: 'email', label: 'Email', type: 'email', personal: true },
        ],
      }),
    ],
  );
  const random = mulberry32(11);
  const spanMs = 90 * 86_400_000;
  const start = Date.now() - spanMs;
  for (let from = 0; from < count; from += SEED_CHUNK) {
    const rows = Array.from({ length: Math.min(SEED_CHUNK, count - from) }, (_, k) => {
      const i = from + k;
      const assistant = random() < 1 / 3;
      const signedIn = random() < 0.6;
      const userKey = signedIn
        ? `acct:${userIds[Math.floor(random() * userIds.length)]}`
        : `anon:visitor${Math.floor(random() * 5000)}`;
      const failed = random() < 0.02;
      const rated = random();
      const tokens = 50 + Math.floor(random() * 900);
      return {
        runId: `run${String(i).padStart(7, '0')}${Math.floor(random() * 1e9).toString(36)}`,
        toolId: assistant ? null : TOOL_ID,
        source: SOURCES[Math.floor(random() * SOURCES.length)],
        userKey,
        inputs: assistant
          ? { message: `Question number ${i} about opening hours` }
          : { topic: `topic ${i % 977}`, email: `someone${i % 311}@example.com` },
        output: failed ? '' : `An answer of a few sentences to run ${i}, with enough words to look like one.`,
        status: failed ? 'failed' : 'succeeded',
        errorCode: failed ? 'ai/provider-failed' : null,
        usage: failed
          ? null
          : {
              promptTokens: tokens,
              completionTokens: 120,
              totalTokens: tokens + 120,
              totalCost: (tokens + 120) * 0.0000006,
            },
        rating: rated < 0.05 ? 'down' : rated < 0.2 ? 'up' : null,
        createdAt: new Date(start + Math.floor((i / count) * spanMs)).toISOString(),
      };
    });
    await client.query(
      `INSERT INTO runs (run_id, app_id, tool_id, source, user_key, inputs, output, status, error_code, model, usage,
         credits, rating, created_at, finished_at)
       SELECT r->>'runId', $1, r->>'toolId', r->>'source', r->>'userKey', r->'inputs', r->>'output', r->>'status',
         r->>'errorCode', 'gpt-4o-mini', nullif(r->'usage', 'null'::jsonb), 1, r->>'rating',
         (r->>'createdAt')::timestamptz, (r->>'createdAt')::timestamptz
       FROM jsonb_array_elements($2::jsonb) AS r`,
      [appId, JSON.stringify(rows)],
    );
  }
  await client.query('VACUUM ANALYZE runs');
}

/** Sequential requests: p50 and p95 of each one's time to its whole body (ms). */
async function timeRequests(url: string, headers: Record<string, string>, samples: number) {
  for (let i = 0; i < 10; i++) await (await fetch(url, { headers })).arrayBuffer(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

interface LogsPage {
  items: {
    runId: string;
    createdAt: string;
    rating: string | null;
    source: string;
    inputs: Record<string, unknown>;
  }[];
  nextCursor: string | null;
}

export function benchLogsList() {
  return inThrowawayDatabase(POSTGRES_URL, measureAll);
}

async function measureAll(databaseUrl: string | undefined, children: ChildProcess[]) {
  const db: BenchDb = { url: databaseUrl, dataDir: mkdtempSync(path.join(tmpdir(), 'buildai-bench-logs-')) };
  const seedStarted = performance.now();
  const platform = await openPlatform(db);
  let appId: string;
  let token: string;
  try {
    const app = await setUpApp(platform, END_USERS);
    appId = app.appId;
    token = app.ownerToken;
    await seedRuns(
      rawClient(platform),
      appId,
      app.users.map((u) => u.id),
      RUNS,
    );
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
  const auth = { authorization: `Bearer ${token}` };
  const get = async (url: string) => {
    const res = await fetch(`${base}${url}`, { headers: auth });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as LogsPage;
  };
  const listPath = `/api/apps/${appId}/logs`;
  const first = await get(listPath);
  if (first.items.length !== 50 || !first.nextCursor) throw new Error(`page 1: ${first.items.length} runs`);
  if (first.items.some((e) => e.inputs.email !== undefined && e.inputs.email !== '••••••'))
    throw new Error('page 1 shows a personal field unmasked');
  const page2Path = `${listPath}?cursor=${encodeURIComponent(first.nextCursor)}`;
  const second = await get(page2Path);
  if (second.items.length !== 50 || second.items[0]!.createdAt > first.items.at(-1)!.createdAt)
    throw new Error('page 2 does not follow page 1');
  const filteredPath = `${listPath}?rating=down&source=widget`;
  const filtered = await get(filteredPath);
  if (
    filtered.items.length !== 50 ||
    filtered.items.some((e) => e.rating !== 'down' || e.source !== 'widget')
  )
    throw new Error('the filtered page holds other runs');

  let baselineDb: BenchDb;
  if (databaseUrl) baselineDb = db;
  else {
    await stop(server);
    const copy = mkdtempSync(path.join(tmpdir(), 'buildai-bench-logs-baseline-'));
    cpSync(db.dataDir, copy, { recursive: true });
    baselineDb = { dataDir: copy };
    server = await start();
  }
  const requests = {
    page1: { path: listPath, token },
    page2: { path: page2Path, token },
    filtered: { path: filteredPath, token },
  };
  const queries = await captureQueries(baselineDb, requests);
  const bare = await startBaseline(baselineDb, queries, BASELINE_PORT);
  children.push(bare);

  const targets = {
    page1Baseline: () => timeRequests(`http://127.0.0.1:${BASELINE_PORT}/page1`, {}, SAMPLES),
    page1: () => timeRequests(`${base}${listPath}`, auth, SAMPLES),
    page2Baseline: () => timeRequests(`http://127.0.0.1:${BASELINE_PORT}/page2`, {}, SAMPLES),
    page2: () => timeRequests(`${base}${page2Path}`, auth, SAMPLES),
    filteredBaseline: () => timeRequests(`http://127.0.0.1:${BASELINE_PORT}/filtered`, {}, SAMPLES),
    filtered: () => timeRequests(`${base}${filteredPath}`, auth, SAMPLES),
  };
  type Key = keyof typeof targets;
  const samples = Object.fromEntries(Object.keys(targets).map((k) => [k, []])) as unknown as Record<
    Key,
    { p50: number; p95: number }[]
  >;
  for (let round = 0; round < ROUNDS; round++)
    for (const key of Object.keys(targets) as Key[]) samples[key].push(await targets[key]());
  const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
  const figure = (key: Key) => ({
    p50: median(samples[key].map((s) => s.p50)),
    p95: median(samples[key].map((s) => s.p95)),
  });
  return {
    db: databaseUrl ? 'postgres' : 'pglite',
    runs: RUNS,
    seedS,
    statements: Object.fromEntries(Object.entries(queries).map(([k, v]) => [k, v.length])),
    figures: Object.fromEntries((Object.keys(targets) as Key[]).map((k) => [k, figure(k)])) as Record<
      Key,
      { p50: number; p95: number }
    >,
    samples: SAMPLES,
    rounds: ROUNDS,
  };
}

/** Prints the figures; answers whether every page's p95 met the target. */
export function printLogsList(t: Awaited<ReturnType<typeof benchLogsList>>): boolean {
  const f = (n: number) => n.toFixed(1);
  console.log(
    `\n(o) the logs of an app on ${t.db}: ${t.runs} runs seeded in ${t.seedS.toFixed(1)} s; ` +
      `${t.samples} sequential requests, median of ${t.rounds} rounds (ms)`,
  );
  let ok = true;
  for (const [page, label] of [
    ['page1', 'GET …/logs (page 1)              '],
    ['page2', 'GET …/logs?cursor= (page 2)      '],
    ['filtered', 'GET …/logs?rating=down&source=widget'],
  ] as const) {
    const product = t.figures[page];
    const bare = t.figures[`${page}Baseline`];
    const met = product.p95 <= TARGET_P95_MS;
    ok &&= met;
    console.log(
      `  same SQL, bare node:http (${t.statements[page]} statements)  p50 ${f(bare.p50)}  p95 ${f(bare.p95)}`,
    );
    console.log(
      `  ${label}  p50 ${f(product.p50)}  p95 ${f(product.p95)}   (target p95 <= ${TARGET_P95_MS} ms${met ? '' : ', MISSED'})`,
    );
  }
  return ok;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (!printLogsList(await benchLogsList())) process.exitCode = 1;
}
