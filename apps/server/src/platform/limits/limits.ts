import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import type { Logger } from '../logger';
import { closeRedis } from '../redis-close';
import type { LimitResult, LimitRule, Limits } from './types';

function ruleId(rule: LimitRule): string {
  for (const [name, v] of [
    ['points', rule.points],
    ['durationSec', rule.durationSec],
  ] as const) {
    if (!Number.isInteger(v) || v < 1)
      throw new Error(`Invalid limit rule: ${name} must be a positive integer`);
  }
  const block = rule.blockDurationSec ?? 0;
  if (!Number.isInteger(block) || block < 0) {
    throw new Error('Invalid limit rule: blockDurationSec must be a non-negative integer');
  }
  return `${rule.points}-${rule.durationSec}-${block}`;
}

function positiveSeconds(name: string, sec: number) {
  if (!Number.isInteger(sec) || sec < 1) throw new Error(`Invalid ${name}: must be a positive integer`);
}

/**
 * One limiter per distinct rule, created on first use. The rule is part of the key prefix, so two rules never
 * share a counter and every instance using the same rule shares one.
 */
abstract class RuleLimits implements Limits {
  abstract readonly kind: 'memory' | 'redis';
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(protected readonly prefix: string) {}

  protected abstract createLimiter(keyPrefix: string, rule: LimitRule): RateLimiterAbstract;

  async consume(key: string, rule: LimitRule): Promise<LimitResult> {
    try {
      const res = await this.limiter(rule).consume(key, 1);
      return { allowed: true, remaining: res.remainingPoints, msBeforeNext: res.msBeforeNext };
    } catch (err) {
      // A refusal arrives as a rejected RateLimiterRes; anything else is a store failure and is thrown on.
      if (err instanceof RateLimiterRes)
        return { allowed: false, remaining: 0, msBeforeNext: err.msBeforeNext };
      throw err;
    }
  }

  async peek(key: string, rule: LimitRule): Promise<LimitResult> {
    const res = await this.limiter(rule).get(key);
    if (!res) return { allowed: true, remaining: rule.points, msBeforeNext: 0 };
    const used = res.consumedPoints;
    return {
      allowed: used < rule.points,
      remaining: Math.max(0, rule.points - used),
      msBeforeNext: res.msBeforeNext,
    };
  }

  async reset(key: string, rule: LimitRule): Promise<void> {
    await this.limiter(rule).delete(key);
  }

  async block(key: string, rule: LimitRule, blockSec: number): Promise<void> {
    // Redis keeps whole seconds and reads 0 as "never expires": a block must end
    positiveSeconds('blockSec', blockSec);
    await this.limiter(rule).block(key, blockSec);
  }

  async set(key: string, rule: LimitRule, points: number, durationSec: number): Promise<void> {
    positiveSeconds('durationSec', durationSec);
    if (!Number.isInteger(points) || points < 0)
      throw new Error('Invalid points: must be a non-negative integer');
    await this.limiter(rule).set(key, points, durationSec);
  }

  abstract close(): Promise<void>;

  private limiter(rule: LimitRule): RateLimiterAbstract {
    const id = ruleId(rule);
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = this.createLimiter(`${this.prefix}:${id}`, rule);
      this.limiters.set(id, limiter);
    }
    return limiter;
  }
}

/** Counters in this process: the embedded default. */
export class MemoryLimits extends RuleLimits {
  readonly kind = 'memory' as const;

  constructor(prefix = 'buildai:limits') {
    super(prefix);
  }

  protected createLimiter(keyPrefix: string, rule: LimitRule): RateLimiterAbstract {
    return new RateLimiterMemory({
      keyPrefix,
      points: rule.points,
      duration: rule.durationSec,
      blockDuration: rule.blockDurationSec ?? 0,
    });
  }

  async close(): Promise<void> {}
}

export interface RedisLimitsOptions {
  url: string;
  /** Prefix of every Redis key (default `buildai:limits`). */
  prefix?: string;
}

/** Counters in Redis, shared by every instance. */
export class RedisLimits extends RuleLimits {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;

  constructor(opts: RedisLimitsOptions, logger: Logger) {
    super(opts.prefix ?? 'buildai:limits');
    this.redis = new Redis(opts.url);
    this.redis.on('error', (err) => logger.error({ err }, 'limits: redis connection error'));
  }

  protected createLimiter(keyPrefix: string, rule: LimitRule): RateLimiterAbstract {
    return new RateLimiterRedis({
      storeClient: this.redis,
      keyPrefix,
      points: rule.points,
      duration: rule.durationSec,
      blockDuration: rule.blockDurationSec ?? 0,
    });
  }

  async close(): Promise<void> {
    await closeRedis(this.redis);
  }
}
