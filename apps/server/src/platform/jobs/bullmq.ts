import { randomUUID } from 'node:crypto';
import { Queue, UnrecoverableError, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { closeRedis } from '../redis-close';
import {
  RETENTION_SEC,
  assertValidJobId,
  clampProgress,
  errorMessage,
  resolveRegisterOptions,
  unknownJobError,
  type ResolvedRegisterOptions,
} from './common';
import type { EnqueueOptions, JobHandler, JobInfo, JobState, Jobs, RegisterOptions } from './types';

export interface BullJobsOptions {
  url: string;
  /** Prefix of every Redis key; separate deployments (or test runs) sharing one Redis use different ones. */
  prefix?: string;
}

interface Registration {
  handler: JobHandler<unknown>;
  opts: ResolvedRegisterOptions;
}

interface ActiveJob {
  controller: AbortController;
  cancelled: boolean;
}

const STATES: Record<string, JobState> = {
  waiting: 'waiting',
  delayed: 'waiting',
  prioritized: 'waiting',
  'waiting-children': 'waiting',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

/**
 * Jobs in Redis through BullMQ: any instance enqueues, any instance runs.
 *
 * Besides BullMQ's own keys it keeps, under `<prefix>-meta:`, the queue name of every job id (so `get` and `cancel`
 * need only the id) and a marker for each cancelled job. Cancelling an active job sets the marker and publishes the
 * id; every instance listens and aborts the job if it runs it. A handler also checks the marker before it starts, so
 * a job picked up at the same moment it was cancelled does not run.
 */
export class BullJobs implements Jobs {
  readonly kind = 'bullmq' as const;
  private readonly prefix: string;
  private readonly meta: string;
  private readonly redis: Redis;
  private subscriber?: Redis;
  private readonly registrations = new Map<string, Registration>();
  private readonly queues = new Map<string, Queue>();
  private readonly workers = new Map<string, Worker>();
  private readonly active = new Map<string, ActiveJob>();
  private started = false;
  private closing = false;

  constructor(
    opts: BullJobsOptions,
    private readonly logger: Logger,
  ) {
    this.prefix = opts.prefix ?? 'buildai:jobs';
    this.meta = `${this.prefix}-meta`;
    // BullMQ's workers block on Redis and need commands that never give up retrying.
    this.redis = new Redis(opts.url, { maxRetriesPerRequest: null });
    this.redis.on('error', (err) => this.logger.error({ err }, 'jobs: redis connection error'));
  }

  register<T>(name: string, handler: JobHandler<T>, opts?: RegisterOptions): void {
    if (this.registrations.has(name)) throw new Error(`A job handler is already registered for "${name}"`);
    this.registrations.set(name, {
      handler: handler as JobHandler<unknown>,
      opts: resolveRegisterOptions(opts),
    });
    if (this.started) this.startWorker(name);
  }

  async enqueue<T>(name: string, data: T, opts: EnqueueOptions = {}): Promise<string> {
    const reg = this.registrations.get(name);
    if (!reg) throw unknownJobError(name);
    if (opts.jobId !== undefined) assertValidJobId(opts.jobId);
    const id = opts.jobId ?? randomUUID();
    // NX: a job id is unique across all names; enqueuing a known id again is a no-op.
    const claimed = await this.redis.set(this.nameKey(id), name, 'EX', RETENTION_SEC, 'NX');
    if (claimed === null) return id;
    try {
      await this.queue(name).add(name, data, {
        jobId: id,
        delay: opts.delayMs && opts.delayMs > 0 ? opts.delayMs : undefined,
        attempts: Math.max(1, Math.floor(opts.attempts ?? reg.opts.attempts)),
        backoff: { type: 'exponential', delay: reg.opts.backoffMs },
        removeOnComplete: { age: RETENTION_SEC },
        removeOnFail: { age: RETENTION_SEC },
      });
    } catch (err) {
      await this.redis.del(this.nameKey(id));
      throw err;
    }
    return id;
  }

  async get(jobId: string): Promise<JobInfo | null> {
    const name = await this.redis.get(this.nameKey(jobId));
    if (name === null) return null;
    const cancelled = (await this.redis.exists(this.cancelKey(jobId))) === 1;
    const queue = this.queue(name);
    // the state first, then the job's fields: a job read as failed or completed has its final fields by then (read
    // the other way round, a try that fails in between gives the new state with the last try's error)
    const found = await queue.getJobState(jobId);
    const job = await queue.getJob(jobId);
    if (!job) return cancelled ? { id: jobId, name, state: 'cancelled', progress: 0, attempts: 0 } : null;
    const state = cancelled ? 'cancelled' : STATES[found];
    if (!state) return null;
    const info: JobInfo = {
      id: jobId,
      name,
      state,
      progress: typeof job.progress === 'number' ? job.progress : 0,
      attempts: job.attemptsStarted,
    };
    if (job.failedReason && state !== 'completed') info.error = job.failedReason;
    return info;
  }

  async cancel(jobId: string): Promise<boolean> {
    const name = await this.redis.get(this.nameKey(jobId));
    if (name === null || (await this.redis.exists(this.cancelKey(jobId))) === 1) return false;
    const job = await this.queue(name).getJob(jobId);
    if (!job) return false;
    const state = STATES[await job.getState()];
    if (state !== 'waiting' && state !== 'active') return false;
    // The marker first: whichever worker picks the job up from here on refuses to run it.
    await this.redis.set(this.cancelKey(jobId), '1', 'EX', RETENTION_SEC);
    if (state === 'waiting') {
      try {
        await job.remove();
        return true;
      } catch {
        // Locked: a worker took it in the meantime, so it is active now.
      }
    }
    this.abortLocal(jobId);
    await this.redis.publish(this.cancelChannel(), jobId);
    return true;
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.subscriber = this.redis.duplicate();
    this.subscriber.on('error', (err) => this.logger.error({ err }, 'jobs: redis subscriber error'));
    this.subscriber.on('message', (_channel: string, jobId: string) => this.abortLocal(jobId));
    await this.subscriber.subscribe(this.cancelChannel());
    for (const name of this.registrations.keys()) this.startWorker(name);
  }

  /**
   * Aborts the jobs this instance is running and waits for their handlers; those jobs go back to waiting for
   * another instance without using up an attempt.
   */
  async close(): Promise<void> {
    this.closing = true;
    for (const a of this.active.values()) a.controller.abort(new Error('Jobs are shutting down'));
    await Promise.allSettled([...this.workers.values()].map((w) => w.close()));
    await Promise.allSettled([...this.queues.values()].map((q) => q.close()));
    await Promise.allSettled([closeRedis(this.subscriber), closeRedis(this.redis)]);
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.redis, prefix: this.prefix });
      queue.on('error', (err) => this.logger.error({ err, job: name }, 'jobs: queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private startWorker(name: string): void {
    const reg = this.registrations.get(name)!;
    this.queue(name);
    const worker = new Worker(name, (job, token, signal) => this.process(reg, job, token, signal), {
      connection: this.redis,
      prefix: this.prefix,
      concurrency: reg.opts.concurrency,
    });
    worker.on('error', (err) => this.logger.error({ err, job: name }, 'jobs: worker error'));
    worker.on('failed', (job, err) => {
      const log = { jobId: job?.id, job: name, attempt: job?.attemptsMade, err };
      if (job && job.attemptsMade < (job.opts.attempts ?? 1) && !(err instanceof UnrecoverableError)) {
        this.logger.warn(log, 'job failed, will retry');
      } else {
        this.logger.error(log, 'job failed');
      }
    });
    this.workers.set(name, worker);
  }

  private async process(
    reg: Registration,
    job: Job,
    token?: string,
    lockSignal?: AbortSignal,
  ): Promise<void> {
    const jobId = job.id!;
    const entry: ActiveJob = { controller: new AbortController(), cancelled: false };
    // Registered before the marker is read: a cancel published in between is then either seen here or delivered.
    this.active.set(jobId, entry);
    try {
      if ((await this.redis.exists(this.cancelKey(jobId))) === 1)
        throw new UnrecoverableError('Job cancelled');
      const signal = lockSignal
        ? AbortSignal.any([entry.controller.signal, lockSignal])
        : entry.controller.signal;
      await reg.handler(job.data, {
        jobId,
        attempt: job.attemptsMade + 1,
        signal,
        progress: (pct) => job.updateProgress(clampProgress(pct)),
      });
    } catch (err) {
      if (err instanceof UnrecoverableError) throw err;
      if (entry.cancelled || (await this.redis.exists(this.cancelKey(jobId))) === 1) {
        throw new UnrecoverableError(`Job cancelled: ${errorMessage(err)}`);
      }
      if (this.closing && entry.controller.signal.aborted && token) {
        await job.moveToWait(token);
        throw new WaitingError();
      }
      throw err;
    } finally {
      this.active.delete(jobId);
    }
  }

  private abortLocal(jobId: string): void {
    const entry = this.active.get(jobId);
    if (!entry || entry.cancelled) return;
    entry.cancelled = true;
    entry.controller.abort(new Error('Job cancelled'));
  }

  private nameKey(jobId: string): string {
    return `${this.meta}:name:${jobId}`;
  }

  private cancelKey(jobId: string): string {
    return `${this.meta}:cancelled:${jobId}`;
  }

  private cancelChannel(): string {
    return `${this.meta}:cancel`;
  }
}
