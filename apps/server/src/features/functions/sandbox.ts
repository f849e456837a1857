import ivm from 'isolated-vm';
import { functionLimits, type ErrorCode } from '@buildai/domain';

/**
 * Where a server function runs (decision 0014, "The isolate"): a V8 isolate of `isolated-vm`, never Node's own
 * context. The isolate has no `require`, no `process`, no file system and no network of its own: the only ways out
 * are the host's functions the guest is given (console, the guarded fetch, the caller's entity calls), each of which
 * copies strings across. Every call gets a fresh context (its own globals) in an isolate it holds alone until it
 * ends, so its CPU time is measured exactly and its memory is bounded by the isolate's heap limit.
 */

export interface LogLine {
  level: string;
  text: string;
}

/** What the guest may ask of the host, each answering JSON text (or throwing an Error whose message it sees). */
export interface HostCalls {
  fetch(url: string, initJson: string): Promise<string>;
  entity(op: string, entity: string, argsJson: string): Promise<string>;
}

export interface RunRequest {
  /** what identifies the code (its content hash): isolates that compiled it are reused for it */
  codeKey: string;
  /** the function's bundle: a script that sets `globalThis.__buildaiFunction` to the module's exports */
  code: string;
  input: unknown;
  /** ctx.secrets, ctx.user and ctx.appId */
  secrets: Record<string, string>;
  user: unknown;
  appId: string;
  host: HostCalls;
}

export type RunOutcome =
  | { ok: true; result: unknown; logs: LogLine[]; cpuMs: number; durationMs: number }
  | {
      ok: false;
      code: ErrorCode;
      /** what went wrong, for the builder (the thrown error's message and stack, or the limit) */
      detail: string;
      logs: LogLine[];
      cpuMs: number;
      durationMs: number;
    };

/** Bounds of one call; the defaults are the product's (`functionLimits`), tests may shorten them. */
export interface SandboxLimits {
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
  outputBytes: number;
}

const DEFAULT_LIMITS: SandboxLimits = {
  cpuMs: functionLimits.cpuMs,
  wallMs: functionLimits.wallMs,
  memoryMb: functionLimits.memoryMb,
  outputBytes: functionLimits.outputBytes,
};

/**
 * The guest's side, run in each new context before the function's bundle: console, fetch and ctx built on the
 * host's references, which are then removed from the global object so the function's code cannot name them.
 */
const PRELUDE = `
(() => {
  const hostLog = globalThis.__hostLog, hostFetch = globalThis.__hostFetch, hostEntity = globalThis.__hostEntity;
  delete globalThis.__hostLog; delete globalThis.__hostFetch; delete globalThis.__hostEntity;
  const show = (v) => {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.stack || (v.name + ': ' + v.message);
    try { const s = JSON.stringify(v); return s === undefined ? String(v) : s; } catch { return String(v); }
  };
  const log = (level) => (...args) => { hostLog.applySync(undefined, [level, args.map(show).join(' ')]); };
  globalThis.console = Object.freeze({
    log: log('log'), info: log('info'), warn: log('warn'), error: log('error'), debug: log('debug'),
  });
  class Headers {
    constructor(pairs) { this._h = new Map((pairs || []).map(([k, v]) => [String(k).toLowerCase(), String(v)])); }
    get(name) { const v = this._h.get(String(name).toLowerCase()); return v === undefined ? null : v; }
    has(name) { return this._h.has(String(name).toLowerCase()); }
    forEach(fn) { this._h.forEach((v, k) => fn(v, k)); }
    entries() { return this._h.entries(); }
    [Symbol.iterator]() { return this._h.entries(); }
  }
  const headerPairs = (h) => {
    if (!h) return [];
    if (h instanceof Headers) return [...h.entries()];
    if (Array.isArray(h)) return h.map(([k, v]) => [String(k), String(v)]);
    return Object.entries(h).map(([k, v]) => [k, String(v)]);
  };
  const guardedFetch = async (resource, init) => {
    const url = typeof resource === 'string' ? resource : resource && resource.url ? resource.url : String(resource);
    const options = init || {};
    let body = options.body;
    if (body !== undefined && body !== null && typeof body !== 'string') body = String(body);
    const sent = JSON.stringify({ method: options.method || 'GET', headers: headerPairs(options.headers), body: body ?? null });
    const answer = JSON.parse(await hostFetch.apply(undefined, [url, sent], { result: { promise: true } }));
    const text = answer.body;
    return Object.freeze({
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      statusText: answer.statusText,
      url: answer.url,
      headers: new Headers(answer.headers),
      text: async () => text,
      json: async () => JSON.parse(text),
    });
  };
  globalThis.fetch = guardedFetch;
  globalThis.Headers = Headers;
  const entityCall = (op, entity, args) =>
    hostEntity.apply(undefined, [op, entity, JSON.stringify(args ?? {})], { result: { promise: true } })
      .then((text) => (text === '' ? undefined : JSON.parse(text)));
  const entityOf = (name) => Object.freeze({
    list: (options) => entityCall('list', name, { limit: options && options.limit, cursor: options && options.cursor }),
    get: (id) => entityCall('get', name, { id }),
    create: (fields) => entityCall('create', name, { fields }),
    update: (id, fields) => entityCall('update', name, { id, fields }),
    delete: (id) => entityCall('delete', name, { id }),
    bulkCreate: (records) => entityCall('bulkCreate', name, { records }),
  });
  const entities = new Proxy({}, { get: (_, name) => (typeof name === 'string' ? entityOf(name) : undefined) });
  globalThis.__buildaiRun = async (inputJson, secretsJson, userJson, appId) => {
    const mod = globalThis.__buildaiFunction;
    const handler = mod && (typeof mod.default === 'function' ? mod.default : typeof mod.handler === 'function' ? mod.handler : null);
    if (!handler) throw new Error('The function file must default-export an async function (input, ctx)');
    const ctx = Object.freeze({
      secrets: Object.freeze(JSON.parse(secretsJson)),
      user: JSON.parse(userJson),
      appId,
      fetch: guardedFetch,
      entities,
    });
    const result = await handler(JSON.parse(inputJson), ctx);
    const out = JSON.stringify(result === undefined ? null : result);
    return out === undefined ? 'null' : out;
  };
})();
`;

/** A limit a call ran into, set by whoever saw it first (the watchdog, the console, the host). */
type Stop = { code: ErrorCode; detail: string };

interface Pooled {
  isolate: ivm.Isolate;
  script: ivm.Script;
  prelude: ivm.Script;
}

/**
 * The isolates of one server: a few idle ones per function bundle, each held by one call at a time and disposed
 * when a call ran into a limit (its heap may be anything then). At most `maxIdle` isolates wait in all.
 */
export class FunctionSandbox {
  private readonly idle = new Map<string, Pooled[]>();
  private idleCount = 0;
  private readonly limits: SandboxLimits;

  constructor(
    limits: Partial<SandboxLimits> = {},
    private readonly maxIdle = 32,
  ) {
    this.limits = { ...DEFAULT_LIMITS, ...limits };
  }

  private async lease(codeKey: string, code: string): Promise<Pooled> {
    const list = this.idle.get(codeKey);
    while (list && list.length) {
      const pooled = list.pop()!;
      this.idleCount -= 1;
      if (!pooled.isolate.isDisposed) return pooled;
    }
    const isolate = new ivm.Isolate({ memoryLimit: this.limits.memoryMb });
    try {
      const prelude = await isolate.compileScript(PRELUDE, { filename: 'buildai:prelude' });
      const script = await isolate.compileScript(code, { filename: 'function.js' });
      return { isolate, script, prelude };
    } catch (err) {
      isolate.dispose();
      throw err;
    }
  }

  private giveBack(codeKey: string, pooled: Pooled): void {
    if (pooled.isolate.isDisposed) return;
    if (this.idleCount >= this.maxIdle) {
      // the oldest idle isolate of any bundle makes room
      const [firstKey, firstList] = this.idle.entries().next().value ?? [];
      const oldest = firstList?.shift();
      if (oldest && firstKey !== undefined) {
        this.idleCount -= 1;
        if (firstList!.length === 0) this.idle.delete(firstKey);
        oldest.isolate.dispose();
      }
    }
    const list = this.idle.get(codeKey) ?? [];
    list.push(pooled);
    // a key used again moves to the end (the oldest key is the first to go)
    this.idle.delete(codeKey);
    this.idle.set(codeKey, list);
    this.idleCount += 1;
  }

  /** Idle isolates (tests and the bench read it). */
  get idleIsolates(): number {
    return this.idleCount;
  }

  async close(): Promise<void> {
    for (const list of this.idle.values())
      for (const p of list) if (!p.isolate.isDisposed) p.isolate.dispose();
    this.idle.clear();
    this.idleCount = 0;
  }

  async run(request: RunRequest): Promise<RunOutcome> {
    const started = performance.now();
    const logs: LogLine[] = [];
    let printed = 0;
    let stop: Stop | null = null;
    const limits = this.limits;

    let pooled: Pooled;
    try {
      pooled = await this.lease(request.codeKey, request.code);
    } catch (err) {
      return {
        ok: false,
        code: 'function/failed',
        detail: err instanceof Error ? err.message : String(err),
        logs,
        cpuMs: 0,
        durationMs: Math.round(performance.now() - started),
      };
    }
    const { isolate } = pooled;
    const cpuStart = isolate.cpuTime;
    const cpuMs = () =>
      isolate.isDisposed ? limits.cpuMs : Number((isolate.cpuTime - cpuStart) / 1_000_000n);
    const halt = (why: Stop) => {
      if (!stop) stop = why;
      if (!isolate.isDisposed) isolate.dispose();
    };

    const watchdog = setInterval(() => {
      if (isolate.isDisposed) return;
      if (cpuMs() > limits.cpuMs)
        halt({ code: 'function/cpu-limit', detail: `CPU time over ${limits.cpuMs} ms` });
    }, 25);
    const wall = setTimeout(
      () => halt({ code: 'function/timeout', detail: `Not finished within ${limits.wallMs} ms` }),
      limits.wallMs,
    );

    let context: ivm.Context | null = null;
    try {
      context = await isolate.createContext();
      const jail = context.global;
      await jail.set('globalThis', jail.derefInto());
      await jail.set(
        '__hostLog',
        new ivm.Reference((level: string, text: string) => {
          printed += text.length + 1;
          if (printed > limits.outputBytes) {
            halt({ code: 'function/output-limit', detail: `Printed more than ${limits.outputBytes} bytes` });
            throw new Error('Output limit reached');
          }
          if (logs.length < functionLimits.logLines)
            logs.push({ level, text: text.slice(0, functionLimits.logLineChars) });
        }),
      );
      await jail.set(
        '__hostFetch',
        new ivm.Reference(async (url: string, init: string) => request.host.fetch(String(url), String(init))),
      );
      await jail.set(
        '__hostEntity',
        new ivm.Reference(async (op: string, entity: string, args: string) =>
          request.host.entity(String(op), String(entity), String(args)),
        ),
      );
      // isolated-vm's own timeout only backs up the watchdog and the wall timer, which answer first
      const backstop = limits.wallMs + 1000;
      await pooled.prelude.run(context, { timeout: backstop });
      await pooled.script.run(context, { timeout: backstop });
      const out = (await context.evalClosure(
        'return __buildaiRun($0, $1, $2, $3)',
        [
          JSON.stringify(request.input ?? null),
          JSON.stringify(request.secrets),
          JSON.stringify(request.user ?? null),
          request.appId,
        ],
        { arguments: { copy: true }, result: { promise: true, copy: true }, timeout: backstop },
      )) as string;
      if (stop) throw new Error('stopped');
      if (out.length > limits.outputBytes) {
        return this.failed(request, pooled, {
          code: 'function/output-limit',
          detail: `Returned ${out.length} bytes`,
          logs,
          cpuMs: cpuMs(),
          started,
        });
      }
      const used = cpuMs();
      return {
        ok: true,
        result: JSON.parse(out),
        logs,
        cpuMs: used,
        durationMs: Math.round(performance.now() - started),
      };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const used = cpuMs();
      let why: Stop;
      if (stop) why = stop;
      else if (/memory limit|Array buffer allocation failed/i.test(message) || (isolate.isDisposed && !stop))
        why = { code: 'function/memory-limit', detail: `Used more than ${limits.memoryMb} MB` };
      else if (/timed out/i.test(message))
        why = { code: 'function/timeout', detail: `Not finished within ${limits.wallMs} ms` };
      else why = { code: 'function/failed', detail: (err instanceof Error && err.stack) || message };
      return this.failed(request, pooled, { ...why, logs, cpuMs: used, started });
    } finally {
      clearInterval(watchdog);
      clearTimeout(wall);
      if (context && !isolate.isDisposed) context.release();
      if (!isolate.isDisposed && !stop) this.giveBack(request.codeKey, pooled);
      else if (!isolate.isDisposed) isolate.dispose();
    }
  }

  private failed(
    _request: RunRequest,
    _pooled: Pooled,
    f: { code: ErrorCode; detail: string; logs: LogLine[]; cpuMs: number; started: number },
  ): RunOutcome {
    return {
      ok: false,
      code: f.code,
      detail: f.detail.slice(0, 4000),
      logs: f.logs,
      cpuMs: Math.min(f.cpuMs, this.limits.cpuMs),
      durationMs: Math.round(performance.now() - f.started),
    };
  }
}
