import { EventEmitter } from 'node:events';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError } from '@buildai/domain';

export interface WorkerLimits {
  /** The parse is cut off after this long (default 20 s). */
  timeoutMs?: number;
  /** Old-generation heap of the worker, MB (default 256). */
  heapMb?: number;
  /** Workers that read a large PDF together (default 1; at most as many as the machine has cores). */
  pdfReaders?: number;
}

export const PARSE_TIMEOUT_MS = 20_000;
export const PARSE_HEAP_MB = 256;
/**
 * The heap a parser worker gets for a plan's largest file: 256 MB and 32 MB more per MB the plan lets a file have
 * (lite's 5 MB: 416 MB; 10 MB: 576 MB). Formatting taken out, a DOCX of 10 MB with 50 MB of text (its largest
 * unpacked size) is the heaviest case; one that still runs out is too large or complex to read.
 */
export function parseHeapMbFor(maxFileBytes: number): number {
  return PARSE_HEAP_MB + 32 * Math.ceil(maxFileBytes / (1024 * 1024));
}
/** A parser worker left idle this long is ended. */
export const PARSER_IDLE_MS = 30_000;
/** A parser worker is ended after this many documents, so nothing a parser keeps can pile up. */
export const PARSER_MAX_USES = 50;
/** A PDF's text is sent on once this many characters of whole pages have been read. */
const PDF_PART_CHARS = 64 * 1024;
/**
 * A PDF of at least this many bytes may be read by several workers at once (`pdfReaders`), each taking every n-th
 * page; its text still comes in page order.
 */
export const PDF_SHARED_BYTES = 512 * 1024;
/** Whitespace as unpdf's merged text has it. */
const normalise = (text: string) =>
  text
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n');

const requireHere = createRequire(import.meta.url);
let modules:
  { unpdf: string; mammoth: string; jszip: string; cMaps: string; standardFonts: string } | undefined;
/**
 * Resolved here, so the worker loads the same packages whether the server runs from source or from its bundle.
 * pdf.js reads CJK text only with its CMaps, and standard fonts better with their data: both come from the
 * `pdfjs-dist` package of the very version unpdf bundles (a test holds the two together), read from disk, never
 * downloaded.
 */
function parserModules() {
  const pdfjsDist = dirname(requireHere.resolve('pdfjs-dist/package.json'));
  modules ??= {
    unpdf: requireHere.resolve('unpdf'),
    mammoth: requireHere.resolve('mammoth'),
    jszip: requireHere.resolve('jszip'),
    cMaps: join(pdfjsDist, 'cmaps') + '/',
    standardFonts: join(pdfjsDist, 'standard_fonts') + '/',
  };
  return modules;
}

/**
 * The worker's script, plain JavaScript so it needs no build step of its own. It reads one document at a time and
 * sends its text as it goes: a PDF's pages a few at a time (its share of them: every `of`-th page from `index`), a
 * DOCX at once. External file access stays off for mammoth: a document that names a file outside itself never gets
 * it read.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { modules, partChars } = workerData;
// a word cut at a line's end ("agree-" then "ment"): joined again; a soft hyphen there always goes
const LINE_END_HYPHEN = /(\\p{L})(?:-|\\u00ad)\\n(?=\\p{Ll})/gu;
const SOFT_HYPHEN_AT_END = /\\u00ad\\n/g;
// what a form's fields hold (AcroForm text and choice fields), after the page's own text
async function formValues(page) {
  const lines = [];
  for (const a of await page.getAnnotations({ intent: 'display' })) {
    if (a.subtype !== 'Widget' || (a.fieldType !== 'Tx' && a.fieldType !== 'Ch') || a.hidden) continue;
    const values = (Array.isArray(a.fieldValue) ? a.fieldValue : [a.fieldValue]).filter(
      (v) => typeof v === 'string' && v.trim() !== '',
    );
    if (values.length > 0) lines.push(values.join(', '));
  }
  return lines.join('\\n');
}
async function readPdf(bytes, sendPages, of, index) {
  const unpdf = require(modules.unpdf);
  const pdf = await unpdf.getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    cMapUrl: modules.cMaps,
    cMapPacked: true,
    standardFontDataUrl: modules.standardFonts,
  });
  try {
    let texts = [];
    let chars = 0;
    for (let n = 1 + index; n <= pdf.numPages; n += of) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      const fields = await formValues(page);
      const text = (content.items.filter((i) => i.str != null).map((i) => i.str + (i.hasEOL ? '\\n' : '')).join('') +
        (fields ? '\\n' + fields : ''))
        .replace(LINE_END_HYPHEN, '$1')
        .replace(SOFT_HYPHEN_AT_END, '');
      page.cleanup();
      texts.push(text);
      chars += text.length;
      if (chars >= partChars / of) {
        sendPages(texts);
        texts = [];
        chars = 0;
      }
    }
    if (texts.length > 0) sendPages(texts);
  } finally {
    await pdf.destroy();
  }
}
// Run and paragraph formatting: no text in it, and most of a long document's XML (a 12.6 MB document.xml was 80%
// formatting). mammoth builds an object of every element, so it is taken out before mammoth reads the document.
const FORMATTING = /<w:rPr>(?:(?!<\\/w:rPr>)[\\s\\S])*<\\/w:rPr>|<w:rPr\\/>|<w:pPr>(?:(?!<\\/w:pPr>)[\\s\\S])*<\\/w:pPr>|<w:proofErr [^>]*\\/>/g;
async function withoutFormatting(bytes) {
  const JSZip = require(modules.jszip);
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: false });
  const entry = zip.file('word/document.xml');
  if (!entry) return Buffer.from(bytes);
  const xml = await entry.async('string');
  const lean = xml.replace(FORMATTING, '');
  if (lean.length === xml.length) return Buffer.from(bytes);
  zip.file('word/document.xml', lean);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'STORE' });
}
async function readDocx(bytes, send) {
  const mammoth = require(modules.mammoth);
  const buffer = await withoutFormatting(bytes);
  send((await mammoth.extractRawText({ buffer, externalFileAccess: false })).value);
}
parentPort.on('message', async ({ id, kind, bytes, of, index }) => {
  try {
    if (kind === 'pdf') await readPdf(bytes, (texts) => parentPort.postMessage({ id, type: 'pages', texts }), of, index);
    else await readDocx(bytes, (text) => parentPort.postMessage({ id, type: 'text', text }));
    parentPort.postMessage({ id, type: 'end' });
  } catch (err) {
    parentPort.postMessage({ id, type: 'error', name: String((err && err.name) || ''), message: String((err && err.message) || err) });
  }
});
`;

type WorkerMessage =
  | { id: number; type: 'text'; text: string }
  | { id: number; type: 'pages'; texts: string[] }
  | { id: number; type: 'end' }
  | { id: number; type: 'error'; name: string; message: string };

/**
 * What a parser's failure means for the builder: a PDF that needs its password to open (pdf.js's
 * `PasswordException`), or a file the parser could not make sense of, which is damaged whatever its name says.
 */
function parseFailure(name: string, message: string): AppError {
  if (name === 'PasswordException') return new AppError('context/password-protected');
  return new AppError('context/damaged-file', { details: { reason: message } });
}

/** A parser worker and what it is doing. */
interface ParserWorker {
  worker: Worker;
  heapMb: number;
  uses: number;
  /** the parse under way: its id, and where its messages and its failure go */
  current?: { id: number; events: EventEmitter };
  idleTimer?: NodeJS.Timeout;
}

/** Idle workers by heap limit. A worker is reused only while nothing went wrong in it. */
const idle = new Map<number, ParserWorker[]>();
let nextParseId = 1;
let started = 0;

/** How many parser workers were started since the process began, and how many wait idle now. */
export function parserWorkerStats(): { started: number; idle: number } {
  let waiting = 0;
  for (const list of idle.values()) waiting += list.length;
  return { started, idle: waiting };
}

function startWorker(heapMb: number): ParserWorker {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { modules: parserModules(), partChars: PDF_PART_CHARS },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
    stdout: true,
    stderr: true,
  });
  started += 1;
  const entry: ParserWorker = { worker, heapMb, uses: 0 };
  worker.on('message', (m: WorkerMessage) => {
    const events = entry.current?.id === m.id ? entry.current.events : undefined;
    if (!events) return;
    if (m.type === 'text') events.emit('text', [m.text]);
    else if (m.type === 'pages') events.emit('text', m.texts);
    else if (m.type === 'end') events.emit('end');
    else fail(events, parseFailure(m.name, m.message));
  });
  worker.on('error', (err: Error & { code?: string }) => {
    fail(
      entry.current?.events,
      err.code === 'ERR_WORKER_OUT_OF_MEMORY'
        ? new AppError('context/too-complex')
        : new AppError('context/damaged-file', { details: { reason: err.message } }),
    );
  });
  worker.on('exit', (code) => {
    forget(entry);
    fail(entry.current?.events, new AppError('context/unsafe-document', { details: { code } }));
  });
  return entry;
}

/** Ends a parse with an error, once: after the first, nothing listens any more (and an unheard 'error' throws). */
function fail(events: EventEmitter | undefined, err: Error): void {
  if (events && events.listenerCount('error') > 0) events.emit('error', err);
}

function forget(entry: ParserWorker): void {
  clearTimeout(entry.idleTimer);
  const list = idle.get(entry.heapMb);
  const at = list?.indexOf(entry) ?? -1;
  if (list && at >= 0) list.splice(at, 1);
}

function acquire(heapMb: number): ParserWorker {
  const entry = idle.get(heapMb)?.pop() ?? startWorker(heapMb);
  clearTimeout(entry.idleTimer);
  entry.worker.ref();
  entry.uses += 1;
  return entry;
}

/** Back to the idle workers after a parse that ended well; ended otherwise. */
function release(entry: ParserWorker, reusable: boolean): void {
  entry.current = undefined;
  if (!reusable || entry.uses >= PARSER_MAX_USES) {
    forget(entry);
    void entry.worker.terminate();
    return;
  }
  entry.worker.unref();
  entry.idleTimer = setTimeout(() => {
    forget(entry);
    void entry.worker.terminate();
  }, PARSER_IDLE_MS);
  entry.idleTimer.unref();
  const list = idle.get(entry.heapMb) ?? [];
  list.push(entry);
  idle.set(entry.heapMb, list);
}

/** One worker's part in a parse: the texts it sent that were not taken yet, and whether it has ended. */
interface Reader {
  entry: ParserWorker;
  texts: string[];
  ended: boolean;
}

export interface StreamInWorkerOptions {
  kind: 'pdf' | 'docx';
  bytes: Uint8Array;
  limits?: WorkerLimits;
  signal?: AbortSignal;
}

/**
 * Reads the text of a PDF or DOCX in a worker thread with a heap limit and a time limit, as it comes: a document
 * crafted to stall or to swell cannot hold up or take down the server. A stall ends `context/parse-timeout`; a
 * document that runs the worker out of memory, `context/too-complex`; one that needs a password,
 * `context/password-protected`; one the parser cannot read, `context/damaged-file`. A large PDF may be read by several workers at once, each with those limits. Workers
 * are kept warm between documents; one that was cut off, ran out of memory or was left before the end of a document
 * is ended instead.
 */
export async function* streamInWorker({
  kind,
  bytes,
  limits = {},
  signal,
}: StreamInWorkerOptions): AsyncGenerator<string> {
  if (signal?.aborted) throw new Error('Parse cancelled');
  const of =
    kind === 'pdf' && bytes.length >= PDF_SHARED_BYTES
      ? Math.max(1, Math.min(Math.floor(limits.pdfReaders ?? 1), availableParallelism()))
      : 1;
  let failure: Error | undefined;
  let wake: (() => void) | undefined;
  const wakeUp = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
  };
  const stop = (err: Error) => {
    failure ??= err;
    wakeUp();
  };
  const readers: Reader[] = Array.from({ length: of }, () => {
    const reader: Reader = { entry: acquire(limits.heapMb ?? PARSE_HEAP_MB), texts: [], ended: false };
    const events = new EventEmitter();
    events.on('text', (texts: string[]) => {
      reader.texts.push(...texts);
      wakeUp();
    });
    events.on('end', () => {
      reader.ended = true;
      wakeUp();
    });
    events.on('error', stop);
    reader.entry.current = { id: nextParseId++, events };
    return reader;
  });
  /** The reader's next text; undefined once it has sent all of them. */
  const take = async (reader: Reader): Promise<string | undefined> => {
    for (;;) {
      if (failure) throw failure;
      if (reader.texts.length > 0) return reader.texts.shift();
      if (reader.ended) return undefined;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  };
  const timer = setTimeout(
    () => stop(new AppError('context/parse-timeout')),
    limits.timeoutMs ?? PARSE_TIMEOUT_MS,
  );
  const onAbort = () => stop(new Error('Parse cancelled'));
  signal?.addEventListener('abort', onAbort, { once: true });
  let completed = false;
  try {
    readers.forEach(({ entry }, index) =>
      entry.worker.postMessage({ id: entry.current!.id, kind, bytes, of, index }),
    );
    if (kind === 'docx') {
      for (let text; (text = await take(readers[0]!)) !== undefined;) yield text;
    } else {
      // page n comes from reader (n - 1) % of; the first reader with no page left is past the last page
      let part = '';
      for (let n = 1; ; n++) {
        const text = await take(readers[(n - 1) % of]!);
        if (text === undefined) break;
        part += (n > 1 ? '\n' : '') + text;
        if (part.length >= PDF_PART_CHARS) {
          yield normalise(part);
          part = '';
        }
      }
      if (part) yield normalise(part);
      for (const reader of readers) await take(reader);
    }
    completed = true;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    for (const reader of readers) release(reader.entry, completed);
  }
}
