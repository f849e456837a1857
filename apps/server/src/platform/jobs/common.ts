import type { RegisterOptions } from './types';

export const DEFAULT_ATTEMPTS = 3;
export const DEFAULT_BACKOFF_MS = 1000;
/** Finished jobs stay readable through `get` this long. */
export const RETENTION_SEC = 7 * 24 * 3600;

export interface ResolvedRegisterOptions {
  concurrency: number;
  attempts: number;
  backoffMs: number;
}

export function resolveRegisterOptions(opts: RegisterOptions = {}): ResolvedRegisterOptions {
  return {
    concurrency: Math.max(1, Math.floor(opts.concurrency ?? 1)),
    attempts: Math.max(1, Math.floor(opts.attempts ?? DEFAULT_ATTEMPTS)),
    backoffMs: Math.max(0, opts.backoffMs ?? DEFAULT_BACKOFF_MS),
  };
}

/** Exponential, the same formula as BullMQ's 'exponential' backoff so both implementations wait alike. */
export function backoffDelay(backoffMs: number, failedAttempts: number): number {
  return Math.round(2 ** (failedAttempts - 1) * backoffMs);
}

/**
 * BullMQ refuses integer-like ids and ids with `:`; the in-process queue applies the same rule so code that works
 * embedded does not break once Redis is configured.
 */
export function assertValidJobId(jobId: string): void {
  if (jobId === '' || jobId.includes(':') || `${parseInt(jobId, 10)}` === jobId) {
    throw new Error(`Invalid job id "${jobId}": it must be non-empty, contain no ":" and not be an integer`);
  }
}

export function clampProgress(pct: number): number {
  if (!Number.isFinite(pct)) return 0;
  return Math.min(100, Math.max(0, pct));
}

export function unknownJobError(name: string): Error {
  return new Error(`No job handler is registered for "${name}"`);
}

export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
