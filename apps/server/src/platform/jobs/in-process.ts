import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import {
  assertValidJobId,
  backoffDelay,
  clampProgress,
  errorMessage,
  resolveRegisterOptions,
  unknownJobError,
  type ResolvedRegisterOptions,
} from './common';
import type { EnqueueOptions, JobHandler, JobInfo, JobState, Jobs, RegisterOptions } from './types';

/** Finished jobs kept for `get`; older ones are forgotten so a long-running server does not grow without end. */
const MAX_FINISHED = 1000;

interface JobRecord {
  id: string;
  name: string;
  data: unknown;
  state: JobState;
  progress: number;
  attempts: number;
  maxAttempts: number;
  error?: string;
  timer?: NodeJS.Timeout;
  controller?: AbortController;
}

interface Registration {
  handler: JobHandler<unknown>;
  opts: ResolvedRegisterOptions;
  active: number;
  ready: string[];
}

/** Jobs held in memory and run in this process: the embedded default, lost on restart. */
export class InProcessJobs implements Jobs {
  readonly kind = 'in-process' as const;
  private readonly registrations = new Map<string, Registration>();
  private readonly jobs = new Map<string, JobRecord>();
  private readonly finished: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private started = false;
  private closed = false;

  constructor(private readonly logger: Logger) {}

  register<T>(name: string, handler: JobHandler<T>, opts?: RegisterOptions): void {
    if (this.registrations.has(name)) throw new Error(`A job handler is already registered for "${name}"`);
    this.registrations.set(name, {
      handler: handler as JobHandler<unknown>,
      opts: resolveRegisterOptions(opts),
      active: 0,
      ready: [],
    });
  }

  async enqueue<T>(name: string, data: T, opts: EnqueueOptions = {}): Promise<string> {
    const reg = this.registrations.get(name);
    if (!reg) throw unknownJobError(name);
    if (this.closed) throw new Error('Jobs are closed');
    if (opts.jobId !== undefined) assertValidJobId(opts.jobId);
    const id = opts.jobId ?? randomUUID();
    if (this.jobs.has(id)) return id;
    const record: JobRecord = {
      id,
      name,
      // A JSON copy, as Redis would store it: the handler never shares objects with the caller.
      data: data === undefined ? undefined : JSON.parse(JSON.stringify(data)),
      state: 'waiting',
      progress: 0,
      attempts: 0,
      maxAttempts: Math.max(1, Math.floor(opts.attempts ?? reg.opts.attempts)),
    };
    this.jobs.set(id, record);
    this.schedule(record, reg, opts.delayMs ?? 0);
    return id;
  }

  async get(jobId: string): Promise<JobInfo | null> {
    const r = this.jobs.get(jobId);
    if (!r) return null;
    const info: JobInfo = {
      id: r.id,
      name: r.name,
      state: r.state,
      progress: r.progress,
      attempts: r.attempts,
    };
    if (r.error !== undefined && r.state !== 'completed') info.error = r.error;
    return info;
  }

  async cancel(jobId: string): Promise<boolean> {
    const r = this.jobs.get(jobId);
    if (!r) return false;
    if (r.state === 'waiting') {
      clearTimeout(r.timer);
      r.timer = undefined;
      // It stays in its name's ready list; the pump skips anything no longer waiting.
      this.finish(r, 'cancelled');
      return true;
    }
    if (r.state === 'active') {
      r.state = 'cancelled';
      r.controller?.abort(new Error('Job cancelled'));
      return true;
    }
    return false;
  }

  async start(): Promise<void> {
    this.started = true;
    for (const name of this.registrations.keys()) this.pump(name);
  }

  /** Aborts active jobs (they cannot outlive the process anyway) and waits for their handlers to return. */
  async close(): Promise<void> {
    this.closed = true;
    for (const r of this.jobs.values()) {
      clearTimeout(r.timer);
      r.controller?.abort(new Error('Jobs are shutting down'));
    }
    await Promise.allSettled([...this.running]);
  }

  private schedule(record: JobRecord, reg: Registration, delayMs: number): void {
    if (delayMs > 0) {
      record.timer = setTimeout(() => {
        record.timer = undefined;
        reg.ready.push(record.id);
        this.pump(record.name);
      }, delayMs);
      return;
    }
    reg.ready.push(record.id);
    this.pump(record.name);
  }

  private pump(name: string): void {
    const reg = this.registrations.get(name);
    if (!reg || !this.started || this.closed) return;
    while (reg.active < reg.opts.concurrency && reg.ready.length > 0) {
      const record = this.jobs.get(reg.ready.shift()!);
      if (record?.state === 'waiting') this.run(record, reg);
    }
  }

  private run(record: JobRecord, reg: Registration): void {
    reg.active += 1;
    record.state = 'active';
    record.attempts += 1;
    const controller = new AbortController();
    record.controller = controller;
    const attempt = record.attempts;
    const ctx = {
      jobId: record.id,
      attempt,
      signal: controller.signal,
      progress: async (pct: number) => {
        if (record.state === 'active') record.progress = clampProgress(pct);
      },
    };
    const task = (async () => {
      try {
        await reg.handler(record.data, ctx);
        this.finish(record, record.state === 'cancelled' ? 'cancelled' : 'completed');
      } catch (err) {
        this.failed(record, reg, err);
      } finally {
        record.controller = undefined;
        reg.active -= 1;
        this.pump(record.name);
      }
    })();
    this.running.add(task);
    void task.finally(() => this.running.delete(task));
  }

  private failed(record: JobRecord, reg: Registration, err: unknown): void {
    // A cancelled job is finished whatever its handler threw; it is never retried.
    if (record.state === 'cancelled') return this.finish(record, 'cancelled');
    record.error = errorMessage(err);
    const log = { jobId: record.id, job: record.name, attempt: record.attempts, err };
    if (record.attempts < record.maxAttempts && !this.closed) {
      this.logger.warn(log, 'job failed, will retry');
      record.state = 'waiting';
      this.schedule(record, reg, backoffDelay(reg.opts.backoffMs, record.attempts));
      return;
    }
    this.logger.error(log, 'job failed');
    this.finish(record, 'failed');
  }

  private finish(record: JobRecord, state: 'completed' | 'failed' | 'cancelled'): void {
    record.state = state;
    this.finished.push(record.id);
    while (this.finished.length > MAX_FINISHED) this.jobs.delete(this.finished.shift()!);
  }
}
