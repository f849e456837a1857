import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ValidationResult } from '@buildai/domain';
import type { DetectorInput } from './detectors';

/**
 * The detectors off the request thread (decision 0013, "Off the request thread"). One worker thread, started with
 * the first validation, takes the jobs in turn; while none waits it does not keep the process alive. A thread that
 * fails or exits fails the jobs it held, and the next job starts a new one.
 *
 * From the bundle, the worker is `detect-worker.js` beside `main.js`; from source (tests, benches, `npm run dev`),
 * it is the TypeScript file, loaded through tsx's own loader (a worker does not take `--import tsx` in Node 20).
 */
const here = new URL(import.meta.url);
const fromSource = here.pathname.endsWith('.ts');
const WORKER_URL = new URL(fromSource ? './detect-worker.ts' : './detect-worker.js', here);
/** The thread's heap: TypeScript with the runtime packages' types takes about 300 MB. */
const WORKER_HEAP_MB = 1024;

interface Pending {
  resolve: (result: ValidationResult) => void;
  reject: (err: Error) => void;
}
type Reply = { id: number; result: ValidationResult } | { id: number; error: string };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 1;

/** From source: a plain script that loads the TypeScript worker with tsx. */
const FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then(({ tsImport }) => tsImport(workerData.worker, workerData.worker));
`;

/** tsx's ES module API, as its package's exports name it (its CommonJS one cannot register from a worker). */
function tsxApi(): string {
  const manifest = createRequire(here).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  return pathToFileURL(join(dirname(manifest), pkg.exports['./esm/api']!.import.default)).href;
}

function start(): Worker {
  const limits = { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } };
  const thread = fromSource
    ? new Worker(FROM_SOURCE, {
        eval: true,
        workerData: {
          tsx: tsxApi(),
          worker: WORKER_URL.href,
        },
        ...limits,
      })
    : new Worker(WORKER_URL, limits);
  thread.on('message', (reply: Reply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if ('error' in reply) job.reject(new Error(`validation failed: ${reply.error}`));
    else job.resolve(reply.result);
    if (pending.size === 0) thread.unref();
  });
  const end = (err: Error) => {
    if (worker === thread) worker = undefined;
    for (const job of pending.values()) job.reject(err);
    pending.clear();
  };
  thread.on('error', (err) => end(err));
  thread.on('exit', (code) => end(new Error(`the validation thread exited (code ${code})`)));
  return thread;
}

/** The detectors over one version's files, in the validation thread. */
export function detectIssues(input: DetectorInput): Promise<ValidationResult> {
  worker ??= start();
  const thread = worker;
  const id = nextId++;
  return new Promise<ValidationResult>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    thread.postMessage({ id, input });
  });
}

/** Ends the validation thread (a later validation starts another). */
export async function stopValidationThread(): Promise<void> {
  const thread = worker;
  worker = undefined;
  if (thread) await thread.terminate();
}
