// (a) Requests per second of /api/health and of an authenticated GET /api/live_api/account/current,
// against a bare node:http hello server measured the same way in the same job (same connections, duration).
import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import { signUpBuilder, startBuiltServer, stop, waitForUrl } from './lib';

const CONNECTIONS = 10;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);

async function measure(url: string, headers: Record<string, string> = {}): Promise<number> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

// A bare hello server; with `headers`, it also sends the two headers every product answer carries.
async function startBare(port: number, headers: boolean) {
  const extra = headers
    ? `s.setHeader('x-request-id', require('node:crypto').randomUUID()); s.setHeader('x-content-type-options', 'nosniff');`
    : '';
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `require('node:http').createServer((q, s) => { ${extra} s.setHeader('content-type', 'application/json'); s.end('{"status":"ok"}'); }).listen(${port}, '127.0.0.1')`,
    ],
    { stdio: 'ignore' },
  );
  await waitForUrl(`http://127.0.0.1:${port}/`);
  return bare;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * All servers run side by side and are measured in turn, round after round; each figure is the median of
 * its rounds, so a slow moment of the machine does not land on one side only.
 */
export async function benchThroughput() {
  const bare = await startBare(4391, false);
  const bareWithHeaders = await startBare(4394, true);
  const server = await startBuiltServer(4392);
  const base = 'http://127.0.0.1:4392';
  const token = await signUpBuilder(base);
  const targets = {
    baseline: () => measure('http://127.0.0.1:4391/'),
    baselineWithHeaders: () => measure('http://127.0.0.1:4394/'),
    health: () => measure(`${base}/api/health`),
    account: () => measure(`${base}/api/live_api/account/current`, { authorization: `Bearer ${token}` }),
  };
  const samples: Record<keyof typeof targets, number[]> = {
    baseline: [],
    baselineWithHeaders: [],
    health: [],
    account: [],
  };
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of Object.keys(targets) as (keyof typeof targets)[]) {
      samples[key].push(await targets[key]());
    }
  }
  await Promise.all([stop(server), stop(bare), stop(bareWithHeaders)]);
  return {
    baseline: median(samples.baseline),
    baselineWithHeaders: median(samples.baselineWithHeaders),
    health: median(samples.health),
    account: median(samples.account),
    rounds: ROUNDS,
    connections: CONNECTIONS,
    durationS: DURATION_S,
  };
}
