import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { AppError } from '@buildai/domain';

export interface WorkerLimits {
  /** The parse is cut off after this long (default 20 s). */
  timeoutMs?: number;
  /** Old-generation heap of the worker, MB (default 256). */
  heapMb?: number;
}

export const PARSE_TIMEOUT_MS = 20_000;
export const PARSE_HEAP_MB = 256;

const requireHere = createRequire(import.meta.url);
let modules: { unpdf: string; mammoth: string } | undefined;
/** Resolved here, so the worker loads the same packages whether the server runs from source or from its bundle. */
function parserModules() {
  modules ??= { unpdf: requireHere.resolve('unpdf'), mammoth: requireHere.resolve('mammoth') };
  return modules;
}

/**
 * The worker's script, plain JavaScript so it needs no build step of its own. External file access stays off for
 * mammoth: a document that names a file outside itself never gets it read.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const { kind, bytes, modules } = workerData;
  try {
    let text;
    if (kind === 'pdf') {
      const unpdf = require(modules.unpdf);
      const pdf = await unpdf.getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false });
      text = (await unpdf.extractText(pdf, { mergePages: true })).text;
    } else {
      const mammoth = require(modules.mammoth);
      text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes), externalFileAccess: false })).value;
    }
    parentPort.postMessage({ ok: true, text });
  } catch (err) {
    parentPort.postMessage({ ok: false, message: String((err && err.message) || err) });
  }
})();
`;

/**
 * Extracts the text of a PDF or DOCX in a worker thread with a heap limit and a time limit: a document crafted to
 * stall or to swell cannot hold up or take down the server. A stall ends `context/parse-timeout`; a document that
 * runs the worker out of memory, `context/unsafe-document`; one the parser cannot read, `context/unsupported-type`.
 */
export function extractInWorker(
  kind: 'pdf' | 'docx',
  bytes: Uint8Array,
  limits: WorkerLimits = {},
  signal?: AbortSignal,
): Promise<string> {
  const timeoutMs = limits.timeoutMs ?? PARSE_TIMEOUT_MS;
  return new Promise<string>((resolve, reject) => {
    if (signal?.aborted) return reject(new Error('Parse cancelled'));
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { kind, bytes, modules: parserModules() },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb ?? PARSE_HEAP_MB },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (err: Error | null, text?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      if (err) reject(err);
      else resolve(text ?? '');
    };
    const timer = setTimeout(() => finish(new AppError('context/parse-timeout')), timeoutMs);
    const onAbort = () => finish(new Error('Parse cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (m: { ok: boolean; text?: string; message?: string }) => {
      if (m.ok) finish(null, m.text ?? '');
      else finish(new AppError('context/unsupported-type', { details: { reason: m.message } }));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') finish(new AppError('context/unsafe-document'));
      else finish(new AppError('context/unsupported-type', { details: { reason: err.message } }));
    });
    worker.on('exit', (code) => finish(new AppError('context/unsafe-document', { details: { code } })));
  });
}
