// npm run bench:throughput-ab -w @buildai/bench -- <main A> <main B>: the server CPU per request of the mixed cycle
// (throughput.ts) of two builds of the server, on the same database (PostgreSQL when one answers, lib.ts
// `benchPostgres`), asked of each in turn round after round: a change's effect with less of the machine's noise than
// the product/floor ratio. BENCH_AB_FLAGS_A / BENCH_AB_FLAGS_B: the node flags of each (`npm start`'s unless set,
// space-separated; empty for none), to compare runtime flags on one build. BENCH_AB_ENV_A / BENCH_AB_ENV_B: more
// environment of each (`NAME=value`, space-separated), to compare settings on one build. BENCH_AB_ROUNDS (4) rounds
// of BENCH_MIXED_DURATION seconds (10).
import path from 'node:path';
import { benchPostgres, inThrowawayDatabase, median, startBuiltServer } from './lib';
import { mixedLoad, seed } from './throughput';

// paths from where npm was run
const [mainA, mainB] = process.argv
  .slice(2)
  .map((p) => path.resolve(process.env.INIT_CWD ?? process.cwd(), p));
if (!mainA || !mainB) throw new Error('usage: throughput-ab.ts <main.js A> <main.js B>');
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 4);
const flags = (value: string | undefined) =>
  value === undefined ? undefined : value.split(/\s+/).filter(Boolean);
const moreEnv = (value: string | undefined): Record<string, string> =>
  Object.fromEntries(
    (flags(value) ?? []).map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new Error(`${pair}: expected NAME=value`);
      return [pair.slice(0, at), pair.slice(at + 1)];
    }),
  );
// the app origin of a server is its port + 1 (config.ts `appOrigin`): the two servers stay apart
const PORTS = { a: 4381, b: 4385 };

const url = await benchPostgres();
await inThrowawayDatabase(url ?? undefined, async (databaseUrl, children) => {
  const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  if (!databaseUrl) throw new Error('an A/B needs PostgreSQL: two servers cannot open one embedded database');
  const a = await startBuiltServer(
    PORTS.a,
    { ...env, ...moreEnv(process.env.BENCH_AB_ENV_A) },
    {
      main: mainA,
      nodeFlags: flags(process.env.BENCH_AB_FLAGS_A),
    },
  );
  children.push(a);
  const b = await startBuiltServer(
    PORTS.b,
    { ...env, ...moreEnv(process.env.BENCH_AB_ENV_B) },
    {
      main: mainB,
      nodeFlags: flags(process.env.BENCH_AB_FLAGS_B),
    },
  );
  children.push(b);
  const baseA = `http://127.0.0.1:${PORTS.a}`;
  const baseB = `http://127.0.0.1:${PORTS.b}`;
  const builders = await seed(baseA);
  // a first round each, not counted: both warm
  await mixedLoad(baseA, builders, a);
  await mixedLoad(baseB, builders, b);
  const cpuA: number[] = [];
  const cpuB: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const x = await mixedLoad(baseA, builders, a);
    const y = await mixedLoad(baseB, builders, b);
    for (const r of [x, y])
      if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
    cpuA.push(x.cpuPerRequestMs);
    cpuB.push(y.cpuPerRequestMs);
    console.log(
      `round ${round + 1}: A ${x.cpuPerRequestMs.toFixed(3)} ms (p99 ${x.p99})  B ${y.cpuPerRequestMs.toFixed(3)} ms (p99 ${y.p99})  B/A ${(y.cpuPerRequestMs / x.cpuPerRequestMs).toFixed(2)}`,
    );
  }
  const ratios = cpuA.map((x, i) => cpuB[i]! / x);
  console.log(
    `server CPU per request of the cycle, median of ${ROUNDS} rounds: A ${median(cpuA).toFixed(3)} ms, B ${median(cpuB).toFixed(3)} ms; B/A ${(median(cpuB) / median(cpuA)).toFixed(2)} (rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
});
