// (g) Body flood: six parallel 200 MB bodies streamed to anonymous JSON routes (`auth/signIn`,
// `account/sendMagicLink`), once with a Content-Length and once chunked, while the server's resident memory (VmRSS
// of /proc/<pid>/status) is watched. The product caps every body (1 MB, `capBody`, decision 0006 "Body limits") and
// answers 413; the baseline, run the same way in the same job, is a bare node:http server that reads the body whole
// and parses it, as the product did before the cap. Each server is a fresh process per attack, so memory one attack
// left behind does not count in the next. All on 127.0.0.1; every attack stops by itself after BENCH_FLOOD_TIMEOUT_S.
// Builds nothing itself: run `npm run build -w @buildai/server` first (`npx tsx bench/body-flood.ts` runs it alone).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { pathToFileURL } from 'node:url';
import { startBuiltServer, stop, waitForUrl } from './lib';

const PRODUCT_PORT = 4401;
const BASELINE_PORT = 4402;
const PARALLEL = 6;
const BODY_BYTES = Number(process.env.BENCH_FLOOD_MB ?? 200) * 1024 * 1024;
const TIMEOUT_MS = Number(process.env.BENCH_FLOOD_TIMEOUT_S ?? 60) * 1000;
const SAMPLE_EVERY_MS = 20;
const CHUNK = Buffer.alloc(64 * 1024, 'a');
// half the bodies to each anonymous route; the body is one JSON object whose email is the 200 MB
const ROUTES = ['/api/live_api/auth/signIn', '/api/live_api/account/sendMagicLink'];
const HEAD = Buffer.from('{"email":"');
const TAIL = Buffer.from('@example.com","password":"x","tenantId":"platform"}');

type Framing = 'content-length' | 'chunked';

// What the product did before the cap (Hono's `c.req.json()`): every chunk kept, joined, decoded, parsed.
const READ_WHOLE_SERVER = `
const http = require('node:http');
http.createServer((req, res) => {
  if (req.method === 'GET') return res.end('ok');
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    let status = 200;
    try { JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { status = 400; }
    res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function startReadWholeServer(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', READ_WHOLE_SERVER], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port) },
  });
  await waitForUrl(`http://127.0.0.1:${port}/`);
  return child;
}

function status(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line![1]) * 1024;
}

const rssBytes = (pid: number) => status(pid, 'VmRSS');

/**
 * Watches a process's RSS until stopped; answers the highest seen. The kernel's own high-water mark (VmHWM, reset
 * here to the current RSS through clear_refs) catches a peak between two samples; the samples stand in where the
 * reset is not allowed.
 */
function sampleRss(pid: number) {
  let hwm = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwm = false;
  }
  let peak = rssBytes(pid);
  const sample = () => {
    try {
      peak = Math.max(peak, rssBytes(pid), hwm ? status(pid, 'VmHWM') : 0);
    } catch {
      // the process is gone (killed by the kernel for memory): the peak so far stands
    }
  };
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      return peak;
    },
  };
}

interface Sent {
  /** the status answered, or how the connection ended before an answer */
  outcome: string;
  bytesSent: number;
}

/** Streams one body of BODY_BYTES, chunk by chunk as the socket takes them; stops at the deadline. */
function sendBody(port: number, path: string, framing: Framing, deadline: number): Promise<Sent> {
  return new Promise((resolve) => {
    let bytesSent = 0;
    let status: number | undefined;
    let answered = false;
    let done = false;
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        ...(framing === 'content-length' ? { 'content-length': String(BODY_BYTES) } : {}),
      },
    });
    const finish = (outcome: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.destroy();
      resolve({ outcome: status === undefined ? outcome : String(status), bytesSent });
    };
    const timer = setTimeout(() => finish('timeout'), Math.max(0, deadline - Date.now()));
    req.on('response', (res) => {
      status = res.statusCode;
      res.resume();
      // an answer before the whole body was sent: keep sending, as an attacker would, until the server hangs up
      res.on('end', () => {
        answered = true;
        if (bytesSent >= BODY_BYTES) finish(String(status));
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish(err.code ?? err.message));
    req.on('close', () => finish('closed'));
    const write = (buf: Buffer) => {
      bytesSent += buf.length;
      return req.write(buf);
    };
    const pump = () => {
      while (!done) {
        if (bytesSent === 0) {
          if (!write(HEAD)) return void req.once('drain', pump);
          continue;
        }
        const left = BODY_BYTES - TAIL.length - bytesSent;
        if (left <= 0) {
          write(TAIL);
          req.end();
          if (answered) finish(String(status));
          return;
        }
        if (!write(left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left)))
          return void req.once('drain', pump);
      }
    };
    pump();
  });
}

export interface FloodResult {
  framing: Framing;
  rssBefore: number;
  rssPeak: number;
  /** RSS once the attack is over (sockets closed) */
  rssAfter: number;
  outcomes: Record<string, number>;
  /** what the client got onto the wire, all bodies together */
  bytesSent: number;
  seconds: number;
  /** the server answers its health check (or, for the baseline, a GET) after the attack */
  aliveAfter: boolean;
}

async function flood(
  child: ChildProcess,
  port: number,
  framing: Framing,
  health: string,
): Promise<FloodResult> {
  const pid = child.pid!;
  // one small body to each route first, so the code paths are loaded before the "before" reading
  await Promise.all(
    ROUTES.map((path) =>
      fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      }).then((r) => r.arrayBuffer()),
    ),
  );
  const rssBefore = rssBytes(pid);
  const sampler = sampleRss(pid);
  const started = Date.now();
  const deadline = started + TIMEOUT_MS;
  const sent = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) => sendBody(port, ROUTES[i % ROUTES.length]!, framing, deadline)),
  );
  const seconds = (Date.now() - started) / 1000;
  const rssPeak = sampler.stop();
  const aliveAfter = await fetch(`http://127.0.0.1:${port}${health}`).then(
    (r) => r.ok,
    () => false,
  );
  const outcomes: Record<string, number> = {};
  for (const s of sent) outcomes[s.outcome] = (outcomes[s.outcome] ?? 0) + 1;
  return {
    framing,
    rssBefore,
    rssPeak,
    rssAfter: child.exitCode === null ? rssBytes(pid) : 0,
    outcomes,
    bytesSent: sent.reduce((n, s) => n + s.bytesSent, 0),
    seconds,
    aliveAfter,
  };
}

export async function benchBodyFlood() {
  const framings: Framing[] = ['content-length', 'chunked'];
  const product: FloodResult[] = [];
  const baseline: FloodResult[] = [];
  for (const framing of framings) {
    const server = await startBuiltServer(PRODUCT_PORT, { LOG_LEVEL: 'silent' });
    try {
      product.push(await flood(server, PRODUCT_PORT, framing, '/api/health'));
    } finally {
      await stop(server);
    }
    const bare = await startReadWholeServer(BASELINE_PORT);
    try {
      baseline.push(await flood(bare, BASELINE_PORT, framing, '/'));
    } finally {
      await stop(bare);
    }
  }
  return { parallel: PARALLEL, bodyBytes: BODY_BYTES, product, baseline };
}

const HUNG_UP_OR_413 = ['413', 'EPIPE', 'ECONNRESET'];
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export function printBodyFlood(r: Awaited<ReturnType<typeof benchBodyFlood>>) {
  console.log(
    `\n(g) body flood: ${r.parallel} parallel bodies of ${mb(r.bodyBytes)} to signIn and sendMagicLink, server RSS`,
  );
  const line = (name: string, f: FloodResult) => {
    const answers = Object.entries(f.outcomes)
      .map(([k, n]) => `${n}x ${k}`)
      .join(', ');
    console.log(
      `  ${name.padEnd(9)} ${f.framing.padEnd(14)} before ${mb(f.rssBefore).padStart(7)}  peak ${mb(f.rssPeak).padStart(7)}` +
        `  ratio ${(f.rssPeak / f.rssBefore).toFixed(2)}x  (+${mb(f.rssPeak - f.rssBefore)})  after ${mb(f.rssAfter)}` +
        `  answers ${answers}  sent ${mb(f.bytesSent)} in ${f.seconds.toFixed(1)} s  ${f.aliveAfter ? 'up after' : 'DOWN after'}`,
    );
  };
  r.product.forEach((f) => line('product', f));
  r.baseline.forEach((f) => line('read-whole', f));
  console.log('  (EPIPE / ECONNRESET: the server hung up on the body before the client read its answer)');
  const refused = r.product.every((f) => Object.keys(f.outcomes).every((k) => HUNG_UP_OR_413.includes(k)));
  if (!refused || !r.product.every((f) => f.aliveAfter)) {
    console.error(
      'body flood: the product took a body, ran out of time or went down (413 or a hang-up expected)',
    );
    process.exitCode = 1;
  }
}

// `npx tsx bench/body-flood.ts` runs this benchmark alone
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  printBodyFlood(await benchBodyFlood());
}
