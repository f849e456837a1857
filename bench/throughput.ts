// (a) Requests per second of /api/health and of an authenticated GET /api/live_api/account/current,
// against a bare node:http hello server measured the same way in the same job (same connections, duration).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { signUpBuilder, startBuiltServer, stop, waitForUrl } from './lib';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 8);

async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

// A bare hello server; with `headers`, it also sends the two headers every product answer carries.
async function measureBare(headers: boolean): Promise<number> {
  const extra = headers
    ? `s.setHeader('x-request-id', require('node:crypto').randomUUID()); s.setHeader('x-content-type-options', 'nosniff');`
    : '';
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { ${extra} s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(4391, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  await waitForUrl('http://127.0.0.1:4391/');
  const rps = await measure('http://127.0.0.1:4391/');
  await stop(bare);
  return rps;
}

export async function benchThroughput() {
  const baseline = await measureBare(false);
  const baselineWithHeaders = await measureBare(true);

  const server = await startBuiltServer(4392);
  const base = 'http://127.0.0.1:4392';
  const token = await signUpBuilder(base);
  const health = await measure(`${base}/api/health`);
  const account = await measure(`${base}/api/live_api/account/current`, { authorization: `Bearer ${token}` });
  await stop(server);

  return { baseline, baselineWithHeaders, health, account, connections: CONNECTIONS, durationS: DURATION_S };
}
