// npm run bench:records -w @buildai/bench: the app database's figures alone (listing, then importing), on PostgreSQL
// when BENCH_RECORDS_DATABASE_URL names a server, otherwise on the embedded PGlite.
import { benchRecordsImport, printRecordsImport } from './records-import';
import { benchRecordsList, printRecordsList } from './records-list';

printRecordsList(await benchRecordsList());
printRecordsImport(await benchRecordsImport());
