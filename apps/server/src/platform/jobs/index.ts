import type { Config } from '../../config';
import type { Logger } from '../logger';
import { BullJobs } from './bullmq';
import { InProcessJobs } from './in-process';
import type { Jobs } from './types';

export type {
  JobContext,
  JobHandler,
  JobInfo,
  JobState,
  Jobs,
  EnqueueOptions,
  RegisterOptions,
} from './types';
export { BullJobs, type BullJobsOptions } from './bullmq';
export { InProcessJobs } from './in-process';

export interface JobsOptions {
  /** Redis key prefix for BullMQ (default `buildai:jobs`). */
  prefix?: string;
}

/** BullMQ when `REDIS_URL` is set, so any instance can run any job; otherwise jobs run in this process. */
export function createJobs(config: Pick<Config, 'REDIS_URL'>, logger: Logger, opts: JobsOptions = {}): Jobs {
  if (config.REDIS_URL) return new BullJobs({ url: config.REDIS_URL, prefix: opts.prefix }, logger);
  return new InProcessJobs(logger);
}
