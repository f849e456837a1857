// (k) Importing records: a CSV file of 100,000 invoices (BENCH_IMPORT_ROWS; text, number, boolean, datetime, enum and
// a sometimes multi-line note), parsed and converted as the import wizard does (untimed, the same rows for both), then
// timed two ways in the same job:
//   - the product: `POST /api/apps/{appId}/entities/Invoice/records/bulk` from the app's owner, batches of 1,000 rows
//     (MAX_BULK_RECORDS, what a script sends) with 4 in flight (BENCH_IMPORT_PARALLEL), each body serialised when sent;
//   - the baseline: PostgreSQL `COPY … FROM STDIN (FORMAT csv)` of the same rows, as the rows the product stores (id,
//     app id, entity, the record's JSON, creator), into a table shaped like app_records (`LIKE app_records INCLUDING
//     DEFAULTS INCLUDING INDEXES`: the same columns, primary key and both list indexes, created_at from
//     clock_timestamp() as the product's), through the same driver (pg with pg-copy-streams; on PGlite its COPY FROM
//     '/dev/blob'), the COPY text made while it is sent.
// Each round starts from empty tables (TRUNCATE); the median of BENCH_IMPORT_ROUNDS rounds (3) is printed. Target:
// rows/s of the bulk route at least 0.3× COPY's (judged on PostgreSQL). A secondary figure: the import wizard's own
// pace, batches of 10 rows with 3 in flight (CSV_IMPORT_BATCH, CSV_IMPORT_PARALLEL), over BENCH_IMPORT_UI_ROWS rows
// (10,000), once, after the last round.
// On PostgreSQL when BENCH_RECORDS_DATABASE_URL names a server (a fresh database there, dropped after), otherwise on
// the embedded PGlite (the server is stopped while the baseline opens its data directory).
// Alone: `npm run bench:records -w @buildai/bench` (both records benches), or in bench/:
// `node --import tsx records-import.ts` after `npm run build -w @buildai/server`.
import { type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { MAX_BULK_RECORDS, type RecordFields } from '@buildai/domain';
import type { Platform } from '@buildai/server';
import { putEntity } from '../apps/server/src/features/entities';
// the import wizard's own pace, as the web sends it
import { CSV_IMPORT_BATCH, CSV_IMPORT_PARALLEL } from '../apps/web/src/features/app-database/lib/constants';
import { inThrowawayDatabase, median, startBuiltServer, stop } from './lib';
import {
  ENTITY,
  csvToRecords,
  generateInvoices,
  invoiceSchema,
  invoicesCsv,
  openPlatform,
  rawClient,
  setUpApp,
  type BenchApp,
  type BenchDb,
} from './records-data';

const POSTGRES_URL = process.env.BENCH_RECORDS_DATABASE_URL;
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const BATCH = Number(process.env.BENCH_IMPORT_BATCH ?? MAX_BULK_RECORDS);
const PARALLEL = Number(process.env.BENCH_IMPORT_PARALLEL ?? 4);
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 3);
const UI_ROWS = Number(process.env.BENCH_IMPORT_UI_ROWS ?? 10_000);
const UI_ENTITY = 'InvoiceWizard';
// BENCH_RECORDS_PORT: another port, when several checkouts measure on one machine
const PORT = Number(process.env.BENCH_RECORDS_PORT ?? 4411) + 4;
const COPY_TABLE = 'bench_copy_records';

/** Sends `records` to the bulk route in batches of `batch`, `parallel` at a time; answers the seconds it took. */
async function bulkImport(
  base: string,
  app: BenchApp,
  entity: string,
  records: RecordFields[],
  batch: number,
  parallel: number,
): Promise<number> {
  const url = `${base}/api/apps/${app.appId}/entities/${entity}/records/bulk`;
  let next = 0;
  let created = 0;
  const failed: string[] = [];
  const worker = async () => {
    while (next < records.length) {
      const from = next;
      next += batch;
      const res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${app.ownerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ records: records.slice(from, from + batch) }),
      });
      if (!res.ok) throw new Error(`bulk import: ${res.status} ${await res.text()}`);
      const answer = (await res.json()) as {
        created: string[];
        failed: { index: number; message: string }[];
      };
      created += answer.created.length;
      for (const f of answer.failed) failed.push(`row ${from + f.index}: ${f.message}`);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: parallel }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (failed.length > 0 || created !== records.length)
    throw new Error(`bulk import: ${created} of ${records.length} created; ${failed.slice(0, 3).join('; ')}`);
  return seconds;
}

const id = () => randomBytes(15).toString('base64url');
const csvCell = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The COPY text of `records`, in chunks of 1,000 rows, made as it is read. */
function* copyChunks(app: BenchApp, records: RecordFields[]): Generator<string> {
  const prefix = `${app.appId},${ENTITY},`;
  for (let from = 0; from < records.length; from += 1000) {
    let chunk = '';
    for (const fields of records.slice(from, from + 1000)) {
      chunk += `${id()},${prefix}${csvCell(JSON.stringify(fields))},${app.ownerId}\n`;
    }
    yield chunk;
  }
}

/** The baseline's table, made empty: shaped like app_records (columns, primary key, both list indexes). */
export async function resetCopyTable(platform: Platform) {
  const client = rawClient(platform);
  await client.query(
    `CREATE TABLE IF NOT EXISTS ${COPY_TABLE} (LIKE app_records INCLUDING DEFAULTS INCLUDING INDEXES)`,
  );
  await client.query(`ALTER TABLE ${COPY_TABLE} ALTER COLUMN created_at SET DEFAULT clock_timestamp()`);
  await client.query(`TRUNCATE ${COPY_TABLE}`);
}

/** COPY of the rows into the baseline's table through the platform's driver; answers the seconds it took. */
export async function copyImport(
  platform: Platform,
  app: BenchApp,
  records: RecordFields[],
): Promise<number> {
  const statement = `COPY ${COPY_TABLE} (id, app_id, entity, data, creator_id)`;
  const started = performance.now();
  if (platform.database.kind === 'postgres') {
    const pool = (platform.db as unknown as { $client: Pool }).$client;
    const client = await pool.connect();
    try {
      await pipeline(
        Readable.from(copyChunks(app, records)),
        client.query(copyFrom(`${statement} FROM STDIN (FORMAT csv)`)),
      );
    } finally {
      client.release();
    }
  } else {
    const pglite = (platform.db as unknown as { $client: PGlite }).$client;
    const blob = new Blob([...copyChunks(app, records)]);
    await pglite.query(`${statement} FROM '/dev/blob' (FORMAT csv)`, [], { blob });
  }
  return (performance.now() - started) / 1000;
}

export async function count(platform: Platform, table: string, entity: string): Promise<number> {
  const { rows } = await rawClient(platform).query(
    `SELECT count(*)::int AS n FROM ${table} WHERE entity = $1`,
    [entity],
  );
  return Number(rows[0]!.n);
}

export function benchRecordsImport() {
  return inThrowawayDatabase(POSTGRES_URL, measureAll);
}

async function measureAll(databaseUrl: string | undefined, children: ChildProcess[]) {
  const db: BenchDb = {
    url: databaseUrl,
    dataDir: mkdtempSync(path.join(tmpdir(), 'buildai-bench-import-')),
  };
  const csv = invoicesCsv(generateInvoices(ROWS, 23));
  const parseStarted = performance.now();
  const records = csvToRecords(csv);
  const parseS = (performance.now() - parseStarted) / 1000;
  if (records.length !== ROWS) throw new Error(`the CSV gave ${records.length} rows, not ${ROWS}`);

  let platform = await openPlatform(db);
  let app: BenchApp;
  try {
    app = await setUpApp(platform, 0);
    await putEntity({ db: platform.db, appId: app.appId, name: UI_ENTITY, schema: invoiceSchema });
  } finally {
    await platform.close();
  }
  const env: Record<string, string> = databaseUrl
    ? { DATABASE_URL: databaseUrl, DATA_DIR: db.dataDir }
    : { DATA_DIR: db.dataDir };
  const base = `http://127.0.0.1:${PORT}`;
  const product: number[] = [];
  const baseline: number[] = [];
  let wizard: number | undefined;
  for (let round = 0; round < ROUNDS; round++) {
    // empty tables: the product's and the baseline's
    platform = await openPlatform(db);
    try {
      await rawClient(platform).query('TRUNCATE app_records');
      await rawClient(platform).query('VACUUM ANALYZE app_records');
    } finally {
      await platform.close();
    }
    const server = await startBuiltServer(PORT, { LOG_LEVEL: 'warn', ...env });
    children.push(server);
    try {
      product.push(await bulkImport(base, app, ENTITY, records, BATCH, PARALLEL));
      if (round === ROUNDS - 1 && UI_ROWS > 0)
        wizard = await bulkImport(
          base,
          app,
          UI_ENTITY,
          records.slice(0, UI_ROWS),
          CSV_IMPORT_BATCH,
          CSV_IMPORT_PARALLEL,
        );
    } finally {
      await stop(server);
    }
    platform = await openPlatform(db);
    try {
      const stored = await count(platform, 'app_records', ENTITY);
      if (stored !== ROWS) throw new Error(`the bulk route stored ${stored} rows, not ${ROWS}`);
      await resetCopyTable(platform);
      await rawClient(platform).query(`VACUUM ANALYZE ${COPY_TABLE}`);
      baseline.push(await copyImport(platform, app, records));
      const copied = await count(platform, COPY_TABLE, ENTITY);
      if (copied !== ROWS) throw new Error(`COPY stored ${copied} rows, not ${ROWS}`);
    } finally {
      await platform.close();
    }
  }
  return {
    db: databaseUrl ? 'postgres' : 'pglite',
    rows: ROWS,
    csvBytes: Buffer.byteLength(csv),
    parseS,
    batch: BATCH,
    parallel: PARALLEL,
    rounds: ROUNDS,
    productS: product,
    baselineS: baseline,
    product: ROWS / median(product),
    baseline: ROWS / median(baseline),
    wizardRows: Math.min(UI_ROWS, ROWS),
    wizard: wizard === undefined ? undefined : Math.min(UI_ROWS, ROWS) / wizard,
  };
}

export function printRecordsImport(t: Awaited<ReturnType<typeof benchRecordsImport>>) {
  const f = (n: number) => Math.round(n).toLocaleString('en');
  const s = (list: number[]) => list.map((x) => x.toFixed(2)).join(', ');
  console.log(
    `\n(k) importing ${t.rows.toLocaleString('en')} CSV rows on ${t.db} (${(t.csvBytes / 1e6).toFixed(1)} MB, parsed and ` +
      `converted in ${t.parseS.toFixed(2)} s, untimed), median of ${t.rounds} rounds (rows/s)`,
  );
  const copyLabel =
    t.db === 'postgres' ? 'COPY FROM STDIN (pg-copy-streams)' : "COPY FROM '/dev/blob' (PGlite)";
  console.log(`  ${copyLabel}, same-shaped table  ${f(t.baseline)}   (s: ${s(t.baselineS)})`);
  console.log(
    `  POST …/records/bulk, ${t.batch} rows × ${t.parallel} in flight  ${f(t.product)}   (s: ${s(t.productS)})   ` +
      `ratio ${(t.product / t.baseline).toFixed(2)}x  (target >= 0.3x)`,
  );
  if (t.wizard !== undefined)
    console.log(
      `  the import wizard's pace, ${CSV_IMPORT_BATCH} rows × ${CSV_IMPORT_PARALLEL} in flight, ${t.wizardRows.toLocaleString('en')} rows  ` +
        `${f(t.wizard)}   ratio ${(t.wizard / t.baseline).toFixed(2)}x  (reported)`,
    );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  printRecordsImport(await benchRecordsImport());
