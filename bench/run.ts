// npm run bench: each benchmark runs its baseline in the same job and prints ratios.
import { benchFirstToken } from './first-token';
import { benchThroughput } from './throughput';

const f = (n: number) => n.toFixed(1);

const t = await benchThroughput();
console.log(
  `\n(a) throughput, ${t.connections} connections, median of ${t.rounds} rounds of ${t.durationS} s (requests/s)`,
);
console.log(`  bare node:http hello       ${f(t.baseline)}`);
console.log(
  `  same, with request id + nosniff headers ${f(t.baselineWithHeaders)}   ratio ${(t.baselineWithHeaders / t.baseline).toFixed(2)}x`,
);
console.log(
  `  GET /api/health            ${f(t.health)}   ratio ${(t.health / t.baseline).toFixed(2)}x  (target >= 0.80x)`,
);
console.log(`  GET account/current (auth) ${f(t.account)}   ratio ${(t.account / t.baseline).toFixed(2)}x`);

const ft = await benchFirstToken();
const addedP50 = ft.product.p50 - ft.direct.p50;
const addedP95 = ft.product.p95 - ft.direct.p95;
console.log(`\n(b) time to first token, ${ft.samples} samples each, model first-token delay 50 ms (ms)`);
console.log(`  fake model directly   p50 ${f(ft.direct.p50)}  p95 ${f(ft.direct.p95)}`);
console.log(`  through the run API   p50 ${f(ft.product.p50)}  p95 ${f(ft.product.p95)}`);
console.log(`  added by BuildAI      p50 ${f(addedP50)}  p95 ${f(addedP95)}   (target p50 <= 5 ms)`);
console.log(`  ratio product/direct  p50 ${(ft.product.p50 / ft.direct.p50).toFixed(3)}x`);
