// The baseline of the throughput bench: a bare node:http server that answers each path by running exactly the
// SQL statements (text and parameters) the product's route ran for it, through the same driver opened the same way
// (`openDatabase`: a pg Pool on PostgreSQL, PGlite embedded), and sending the rows as JSON. Started by
// throughput.ts as its own process, like the product.
import { createServer } from 'node:http';
import { openDatabase } from '@buildai/server';

export interface CapturedQuery {
  text: string;
  params: unknown[];
  /** the name of a prepared statement, when the route's driver call named one */
  name?: string;
}

interface QueryClient {
  query(
    text: string | { name: string; text: string; values: unknown[] },
    params?: unknown[],
  ): Promise<{ rows: unknown[] }>;
}

const port = Number(process.env.BASELINE_PORT);
const queries = JSON.parse(process.env.BASELINE_QUERIES!) as Record<string, CapturedQuery[]>;
const database = await openDatabase(
  process.env.BASELINE_DATABASE_URL
    ? { url: process.env.BASELINE_DATABASE_URL }
    : { dataDir: process.env.BASELINE_DATA_DIR! },
);
const client = (database.db as unknown as { $client: QueryClient }).$client;

createServer((req, res) => {
  const statements = queries[(req.url ?? '/').slice(1)];
  if (!statements) {
    res.statusCode = 404;
    return res.end();
  }
  void (async () => {
    // a request's body is read, as the route reads it
    for await (const chunk of req) void chunk;
    const results: unknown[][] = [];
    for (const q of statements) {
      // a named statement is prepared once per connection by pg, as for the route (PGlite has no names)
      const query =
        q.name && database.kind === 'postgres' ? { name: q.name, text: q.text, values: q.params } : q.text;
      results.push(
        (await client.query(query, q.name && database.kind === 'postgres' ? undefined : q.params)).rows,
      );
    }
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(results));
  })().catch((err: Error) => {
    res.statusCode = 500;
    res.end(err.message);
  });
}).listen(port, '127.0.0.1');

// a clean exit on SIGTERM, so that a CPU profile (--cpu-prof) is written
process.once('SIGTERM', () => process.exit(0));
