/** Rate limits: sign-in attempts, codes, runs per user (architecture §5). */
export interface LimitRule {
  /** How many points may be consumed per window. */
  points: number;
  durationSec: number;
  /** Once over the limit, the key stays refused this long instead of until the window ends. */
  blockDurationSec?: number;
}

export interface LimitResult {
  allowed: boolean;
  /** Points left in the current window. */
  remaining: number;
  /** When a point is available again (refused), or when the window resets (allowed). */
  msBeforeNext: number;
}

export interface Limits {
  readonly kind: 'memory' | 'redis';
  /** Consumes one point of `key` under `rule`; each distinct rule counts separately, even for the same key. */
  consume(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Whether `key` still has a point under `rule`, without consuming one. */
  peek(key: string, rule: LimitRule): Promise<LimitResult>;
  reset(key: string, rule: LimitRule): Promise<void>;
  /** Refuses `key` under `rule` for `blockSec` (a whole number of seconds) from now, whatever it had consumed. */
  block(key: string, rule: LimitRule, blockSec: number): Promise<void>;
  /** Sets the points `key` has consumed under `rule`, to expire `durationSec` (whole seconds) from now. */
  set(key: string, rule: LimitRule, points: number, durationSec: number): Promise<void>;
  close(): Promise<void>;
}
