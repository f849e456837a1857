/** Background work with progress, retry and cancel (architecture §2, §4 "Long work"). */

export interface JobContext {
  readonly jobId: string;
  /** 1 for the first run, 2 for the first retry, ... */
  readonly attempt: number;
  /** Records how far the job has got, 0..100; visible through `Jobs.get`. */
  progress(pct: number): Promise<void>;
  /** Aborted when the job is cancelled (or its worker shuts down); handlers should stop soon after. */
  readonly signal: AbortSignal;
}

export type JobHandler<T> = (data: T, ctx: JobContext) => Promise<void>;

export interface RegisterOptions {
  /** How many jobs of this name one process runs at the same time (default 1). */
  concurrency?: number;
  /** Total tries including the first (default 3). */
  attempts?: number;
  /** Delay before the first retry; it doubles on each further retry (default 1000). */
  backoffMs?: number;
}

export interface EnqueueOptions {
  /** Enqueuing an id that is already known returns it without adding a second job. No `:`, not an integer. */
  jobId?: string;
  delayMs?: number;
  /** Overrides the attempts given at registration. */
  attempts?: number;
}

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'cancelled';

export interface JobInfo {
  id: string;
  name: string;
  state: JobState;
  progress: number;
  /** Attempts started so far. */
  attempts: number;
  /** The last failure's message. */
  error?: string;
}

export interface Jobs {
  readonly kind: 'in-process' | 'bullmq';
  register<T>(name: string, handler: JobHandler<T>, opts?: RegisterOptions): void;
  enqueue<T>(name: string, data: T, opts?: EnqueueOptions): Promise<string>;
  get(jobId: string): Promise<JobInfo | null>;
  /** True when a waiting or active job was cancelled; false when unknown or already finished. */
  cancel(jobId: string): Promise<boolean>;
  /** Starts running jobs; handlers registered later start at once. */
  start(): Promise<void>;
  close(): Promise<void>;
}
