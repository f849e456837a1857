// npm run bench:first-token -w @buildai/bench: the first-token figures alone (one run; 50 users at once), repeated.
// BENCH_FIRST_TOKEN_BUILDS="before=/path/to/old/dist/main.js,after=../apps/server/dist/main.js" measures several
// builds of the server in the same job, interleaved, so a loaded machine weighs on each alike. BENCH_REPEATS (3)
// repeats; the medians and the spread (min–max) of the added figures are printed per build.
import path from 'node:path';
import { benchConcurrentRuns } from './concurrent-runs';
import { benchFirstToken } from './first-token';
import { benchPostgres, median, root } from './lib';

const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
const builds = (
  process.env.BENCH_FIRST_TOKEN_BUILDS ?? `current=${path.join(root, 'apps/server/dist/main.js')}`
)
  .split(',')
  .map((entry) => {
    const [label, main] = entry.split('=');
    return { label: label!, main: path.resolve(main!) };
  });

const f = (n: number) => n.toFixed(1);
const spread = (values: number[]) => `${f(Math.min(...values))}–${f(Math.max(...values))}`;

const figures = new Map(
  builds.map((b) => [
    b.label,
    {
      one: [] as number[],
      limited: [] as number[],
      fifty: [] as number[],
      floorOne: [] as number[],
      floorFifty: [] as number[],
      cpu: [] as number[],
      cpu50: [] as number[],
    },
  ]),
);
// PostgreSQL (the judged database) when one answers; BENCH_EMBEDDED=1 measures on the embedded database instead
const databaseUrl = process.env.BENCH_EMBEDDED ? null : await benchPostgres();
for (let repeat = 1; repeat <= REPEATS; repeat++) {
  for (const build of builds) {
    process.env.BENCH_SERVER_MAIN = build.main;
    const ft = await benchFirstToken(databaseUrl);
    const c = await benchConcurrentRuns(databaseUrl);
    if (c.errors > 0) {
      console.error(`${build.label}: ${c.errors} errors in the 50-user run`, c.errorSamples);
      process.exitCode = 1;
    }
    const one = ft.product.p50 - ft.direct.p50;
    const limited = ft.limited.p50 - ft.direct.p50;
    const fifty = c.product.p95 - c.direct.p95;
    const floorOne = ft.floor.p50 - ft.direct.p50;
    const floorFifty = c.floor.p95 - c.direct.p95;
    const mine = figures.get(build.label)!;
    mine.floorOne.push(floorOne);
    mine.floorFifty.push(floorFifty);
    mine.one.push(one);
    mine.limited.push(limited);
    mine.fifty.push(fifty);
    mine.cpu.push(ft.cpuPerRunMs);
    mine.cpu50.push(c.cpuPerRunMs);
    console.log(
      `#${repeat} ${build.label.padEnd(10)} one run added p50 ${f(one)} (with limits ${f(limited)})   ${c.users} users added p95 ${f(fifty)} (direct p95 ${f(c.direct.p95)}, product p95 ${f(c.product.p95)})   server CPU per run ${f(ft.cpuPerRunMs)} (50 users ${f(c.cpuPerRunMs)})   bare proxy floor: one run ${f(floorOne)}, ${c.users} users ${f(floorFifty)}`,
    );
  }
}
const db = databaseUrl ? 'PostgreSQL' : 'embedded PGlite';
console.log(`\nfirst token, added by BuildAI (ms), ${db}, ${REPEATS} repeats: median (min–max)`);
for (const [label, m] of figures) {
  console.log(
    `  ${label.padEnd(10)} one run p50 ${f(median(m.one))} (${spread(m.one)}) target <= floor + 2   with limits p50 ${f(median(m.limited))} (${spread(m.limited)})   50 users p95 ${f(median(m.fifty))} (${spread(m.fifty)}) target <= 3 x floor   server CPU per run ${f(median(m.cpu))} (${spread(m.cpu)}), 50 users ${f(median(m.cpu50))} (${spread(m.cpu50)})`,
  );
  console.log(
    `  ${''.padEnd(10)} the floor, a bare node:http server that only forwards to the model: one run p50 ${f(median(m.floorOne))} (${spread(m.floorOne)})   50 users p95 ${f(median(m.floorFifty))} (${spread(m.floorFifty)})`,
  );
}
