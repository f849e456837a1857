// npm run bench:throughput -w @buildai/bench: the throughput figures alone.
import { benchThroughput, printThroughput } from './throughput';

printThroughput(await benchThroughput());
