// npm run bench:throughput -w @buildai/bench: the throughput figures alone, judged on PostgreSQL when one answers
// (lib.ts `benchPostgres`), then the embedded database's beside them.
import { benchDatabases } from './lib';
import { benchThroughput, printThroughput } from './throughput';

for (const { label, url } of await benchDatabases()) {
  if (!printThroughput(await benchThroughput(url), label === 'postgres')) process.exitCode = 1;
}
