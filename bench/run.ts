// npm run bench: each benchmark runs its baseline in the same job and prints ratios.
import { benchAppValidation, printAppValidation } from './app-validation';
import { benchBodyFlood, printBodyFlood } from './body-flood';
import { benchConcurrentRuns, printConcurrentRuns } from './concurrent-runs';
import { benchFirstToken, printFirstToken } from './first-token';
import { benchFunctions, printFunctions } from './functions';
import { benchChatGate, printChatGate } from './chat-gate';
import { benchGeneratedPreview, printGeneratedPreview } from './generated-preview';
import { benchIngestion, printIngestion } from './ingestion';
import { benchDatabases } from './lib';
import { benchLogsList, printLogsList } from './logs-list';
import { benchPageWeight, printPageWeight } from './page-weight';
import { benchRecordsImport, printRecordsImport } from './records-import';
import { benchRecordsList, printRecordsList } from './records-list';
import { benchRetrieval, printRetrieval } from './retrieval';
import { benchSpaceBundle, printSpaceBundle } from './space-bundle';
import { benchSpacePreview, printSpacePreview } from './space-preview';
import { benchTableScroll, printTableScroll } from './table-scroll';
import { benchThroughput, printThroughput } from './throughput';
import { benchCsvWide, printCsvWide } from './csv-wide';

// The three latency figures are judged on PostgreSQL against their floors measured in the same job; the embedded
// database's are printed beside them (issue 34, item 11).
for (const { label, url } of await benchDatabases()) {
  const judged = label === 'postgres';
  if (!printThroughput(await benchThroughput(url), judged)) process.exitCode = 1;
  if (!printFirstToken(await benchFirstToken(url), judged)) process.exitCode = 1;
  if (!printConcurrentRuns(await benchConcurrentRuns(url), judged)) process.exitCode = 1;
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

// the logs of an app: 50 of 100,000 runs, newest first, page 2 and a filtered page, p95 against the same SQL bare
if (!printLogsList(await benchLogsList())) process.exitCode = 1;
// a CSV of 10,000 columns × 200 rows to the import wizard's mapping step in Chromium (issue 32, item 34)
if (!printCsvWide(await benchCsvWide())) process.exitCode = 1;
// the chat's gate: a turn with the nine validation detectors at its end against the same turn without
printChatGate(await benchChatGate());
