// npm run bench: each benchmark runs its baseline in the same job and prints ratios.
import { benchAppValidation, printAppValidation } from './app-validation';
import { benchBodyFlood, printBodyFlood } from './body-flood';
import { benchConcurrentRuns } from './concurrent-runs';
import { benchFirstToken } from './first-token';
import { benchFunctions, printFunctions } from './functions';
import { benchChatGate, printChatGate } from './chat-gate';
import { benchGeneratedPreview, printGeneratedPreview } from './generated-preview';
import { benchIngestion, printIngestion } from './ingestion';
import { benchPageWeight, printPageWeight } from './page-weight';
import { benchRecordsImport, printRecordsImport } from './records-import';
import { benchRecordsList, printRecordsList } from './records-list';
import { benchRetrieval, printRetrieval } from './retrieval';
import { benchSpaceBundle, printSpaceBundle } from './space-bundle';
import { benchSpacePreview, printSpacePreview } from './space-preview';
import { benchTableScroll, printTableScroll } from './table-scroll';
import { benchThroughput, printThroughput } from './throughput';

const f = (n: number) => n.toFixed(1);

printThroughput(await benchThroughput());

const ft = await benchFirstToken();
const addedP50 = ft.product.p50 - ft.direct.p50;
const addedP95 = ft.product.p95 - ft.direct.p95;
console.log(`\n(b) time to first token, ${ft.samples} samples each, model first-token delay 50 ms (ms)`);
console.log(`  fake model directly   p50 ${f(ft.direct.p50)}  p95 ${f(ft.direct.p95)}`);
console.log(`  through the run API   p50 ${f(ft.product.p50)}  p95 ${f(ft.product.p95)}`);
console.log(`  added by BuildAI      p50 ${f(addedP50)}  p95 ${f(addedP95)}   (target p50 <= 3 ms)`);
console.log(`  ratio product/direct  p50 ${(ft.product.p50 / ft.direct.p50).toFixed(3)}x`);
console.log(
  `  floor: a bare forwarding server adds p50 ${f(ft.floor.p50 - ft.direct.p50)}  p95 ${f(ft.floor.p95 - ft.direct.p95)}`,
);
console.log(
  `  with run limits       p50 ${f(ft.limited.p50)}  p95 ${f(ft.limited.p95)}   added p50 ${f(ft.limited.p50 - ft.direct.p50)}  p95 ${f(ft.limited.p95 - ft.direct.p95)}`,
);

const c = await benchConcurrentRuns();
console.log(
  `\n(c) ${c.users} end users at once (own cookies, run limits on), ${c.rounds} rounds, model token delay ${c.tokenDelayMs} ms (ms)`,
);
console.log(`  runs streamed ${c.runs}, errors ${c.errors}`);
for (const e of c.errorSamples) console.log(`    ${e}`);
if (c.runs > 0) {
  console.log(
    `  fake model directly   first token p50 ${f(c.direct.p50)}  p95 ${f(c.direct.p95)}  whole stream p95 ${f(c.direct.totalP95)}`,
  );
  console.log(
    `  through the run API   first token p50 ${f(c.product.p50)}  p95 ${f(c.product.p95)}  whole stream p95 ${f(c.product.totalP95)}`,
  );
  console.log(
    `  added by BuildAI      first token p95 ${f(c.product.p95 - c.direct.p95)}   (target <= 15 ms)`,
  );
  console.log(`  ratio product/direct  first token p95 ${(c.product.p95 / c.direct.p95).toFixed(3)}x`);
  console.log(
    `  floor: a bare forwarding server adds first token p95 ${f(c.floor.p95 - c.direct.p95)}  whole stream p95 ${f(c.floor.totalP95)}`,
  );
}
if (c.errors > 0) {
  console.error(`concurrent runs: ${c.errors} errors (zero required)`);
  process.exitCode = 1;
}

// the built web app as Chromium downloads it (needs `npm run build` and Debian's chromium)
printPageWeight(await benchPageWeight());

printIngestion(await benchIngestion());
printRetrieval(await benchRetrieval());

// a 30-file space app bundled warm through the app origin, against esbuild bundling React and the kit in each time
printSpaceBundle(await benchSpaceBundle());

// validating a 30-file space app with every detector, against tsc --noEmit on the same files
if (!printAppValidation(await benchAppValidation())) process.exitCode = 1;

// a chat turn's completed edit until the builder's preview shows it, in Chromium, against reloading the frame directly
if (!printSpacePreview(await benchSpacePreview())) process.exitCode = 1;

// a generated app's App Chat: a completed tool action until the builder's preview of the app's home shows the tool
if (!printGeneratedPreview(await benchGeneratedPreview())) process.exitCode = 1;

// six parallel 200 MB bodies to anonymous routes, the server's memory against one that reads bodies whole
printBodyFlood(await benchBodyFlood());

// the app database: 50 of 100,000 records listed through a creator rule against the same SQL, and 100,000 CSV rows
// imported through the bulk route against COPY (PostgreSQL with BENCH_RECORDS_DATABASE_URL, else PGlite)
printRecordsList(await benchRecordsList());
printRecordsImport(await benchRecordsImport());

// the database screen's table scrolled over 100,000 records in Chromium: the share of frames under 16.7 ms
if (!printTableScroll(await benchTableScroll())) process.exitCode = 1;

// server functions: a warm call in the isolate against the same handler in plain Node, a cold call, 50 at once
if (!printFunctions(await benchFunctions())) process.exitCode = 1;

// the chat's gate: a turn with the nine validation detectors at its end against the same turn without
printChatGate(await benchChatGate());
