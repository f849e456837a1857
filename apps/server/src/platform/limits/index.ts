import type { Config } from '../../config';
import type { Logger } from '../logger';
import { MemoryLimits, RedisLimits } from './limits';
import type { LimitResult, Limits } from './types';

export type { LimitResult, LimitRule, Limits } from './types';
export { MemoryLimits, RedisLimits, type RedisLimitsOptions } from './limits';

export interface LimitsOptions {
  /** Prefix of the Redis keys (default `buildai:limits`). */
  prefix?: string;
}

/** Redis when `REDIS_URL` is set, so a limit holds across instances; otherwise counted in this process. */
export function createLimits(
  config: Pick<Config, 'REDIS_URL'>,
  logger: Logger,
  opts: LimitsOptions = {},
): Limits {
  if (config.REDIS_URL) return new RedisLimits({ url: config.REDIS_URL, prefix: opts.prefix }, logger);
  return new MemoryLimits();
}

/** Whole seconds until a refused key may try again, at least one: the `Retry-After` of its 429. */
export function retryAfterSeconds(refused: LimitResult): number {
  return Math.max(1, Math.ceil(refused.msBeforeNext / 1000));
}
