import type { Platform } from '../../platform';

export const PROCESS_PING_JOB = 'payments.process-ping';
/** Tries of a ping's lookup (Gumroad away, a 5xx) before it is marked failed; the wait doubles from the first. */
export const PING_ATTEMPTS = 5;
export const PING_BACKOFF_MS = 2000;

export interface ProcessPingData {
  pingId: string;
}

/**
 * One job per stored ping, named after it, so queueing the same ping again adds nothing; `round` names a later
 * retry of a ping that failed (a job of its own, with tries of its own).
 */
export function enqueuePing(platform: Platform, pingId: string, round?: string): Promise<string> {
  const jobId = round ? `ping-${pingId}-${round}` : `ping-${pingId}`;
  return platform.jobs.enqueue<ProcessPingData>(PROCESS_PING_JOB, { pingId }, { jobId });
}
