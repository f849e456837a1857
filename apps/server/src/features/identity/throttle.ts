import { AppError } from '@buildai/domain';
import type { LimitResult, LimitRule } from '../../platform/limits/types';
import type { Platform } from '../../platform';
import type { KnownDevice } from './device-cookie';

/**
 * Failed sign-ins (docs/decisions/0006). The tight limit is per account *and* address, so a stranger guessing
 * cannot lock the owner out from the owner's own address; each try takes its point before the password is
 * checked (one atomic consume), so concurrent tries cannot outrun it. A looser limit per address slows guessing
 * across many accounts, and a loose one per account slows guessing from many addresses; the owner can always sign
 * in with a magic link or one-time code, which these limits never block. A browser with the account's device
 * cookie (device-cookie.ts) is counted apart: its own tries only, so no stranger can lock it out.
 */
export const LOGIN_TRIES_PER_ACCOUNT_AND_IP: LimitRule = { points: 5, durationSec: 15 * 60 };
export const LOGIN_FAILURES_PER_IP: LimitRule = { points: 100, durationSec: 15 * 60 };
export const LOGIN_TRIES_PER_ACCOUNT: LimitRule = { points: 100, durationSec: 60 * 60 };
/** Emails (verify, reset, magic link) to one address. */
export const EMAILS_PER_ADDRESS: LimitRule = { points: 5, durationSec: 60 * 60 };

/**
 * How long a pair stays locked out after using up its tries, by how many times it was locked out in a row: 15
 * minutes, doubling each time, at most a day (the last step repeats).
 */
export const LOCKOUT_STEPS_SEC: readonly number[] = [15, 30, 60, 120, 240, 480, 960, 1440].map((m) => m * 60);
/** A pair's lockouts count as "in a row" while the next comes within a day of the last block's end. */
export const LOCKOUT_MEMORY_SEC = 24 * 60 * 60;
// the lockouts of one pair, counted (the points only need to outnumber the steps)
const LOCKOUTS_OF_PAIR: LimitRule = { points: 1000, durationSec: LOCKOUT_MEMORY_SEC };

export interface LoginThrottleOptions {
  /**
   * The lockout steps in whole seconds (default `LOCKOUT_STEPS_SEC`); read on each lockout, so a test may pass
   * short ones and change them between cases.
   */
  lockoutStepsSec?: number[];
}

const accountKey = (tenantId: string, email: string) => `login:acct:${tenantId}:${email.toLowerCase()}`;
const accountIpKey = (tenantId: string, email: string, ip: string) =>
  `login:acct-ip:${tenantId}:${email.toLowerCase()}:${ip}`;
const ipKey = (ip: string) => `login:ip:${ip}`;
const deviceKey = (tenantId: string, email: string, deviceId: string) =>
  `login:device:${tenantId}:${email.toLowerCase()}:${deviceId}`;

/** 429 with the seconds until the refusing limit lets a try through again. */
function tooMany(...refused: LimitResult[]) {
  const ms = Math.max(0, ...refused.filter((r) => !r.allowed).map((r) => r.msBeforeNext));
  return new AppError('auth/too-many-requests', { details: { retryAfterSeconds: Math.ceil(ms / 1000) } });
}

/**
 * The password tries of one server (built once by `createServices`, decision 0005). Each lockout of an account
 * from one address lasts the next of the lockout steps (progressive delay, ASVS 5.0 V6.3.1).
 */
/** A sign-in try: the account (tenant and address) and, when known, where it comes from. */
export interface LoginAttempt {
  tenantId: string;
  email: string;
  ip?: string;
  /** a browser that signed in to this account before */
  device?: KnownDevice | null;
}

export class LoginThrottle {
  constructor(
    private readonly platform: Platform,
    private readonly options: LoginThrottleOptions = {},
  ) {}

  /**
   * Takes one try of the account from this address, or answers 429 when its tries are used up. Call before the
   * password is checked; a right password gives the tries back (`clear`).
   */
  async takeTry({ tenantId, email, ip, device }: LoginAttempt & { ip: string }) {
    const { limits } = this.platform;
    if (device) {
      // a browser that signed in to this account before: only its own tries count (the account's and the
      // address's limits are what strangers use up — docs/decisions/0016)
      const key = deviceKey(tenantId, email, device.deviceId);
      const own = await limits.consume(key, LOGIN_TRIES_PER_ACCOUNT_AND_IP);
      if (!own.allowed) throw tooMany(own);
      if (own.remaining === 0) await this.lockOut(key);
      return;
    }
    const address = await limits.peek(ipKey(ip), LOGIN_FAILURES_PER_IP);
    if (!address.allowed) throw tooMany(address);
    const pairKey = accountIpKey(tenantId, email, ip);
    const [pair, account] = await Promise.all([
      limits.consume(pairKey, LOGIN_TRIES_PER_ACCOUNT_AND_IP),
      limits.consume(accountKey(tenantId, email), LOGIN_TRIES_PER_ACCOUNT),
    ]);
    if (!pair.allowed || !account.allowed) throw tooMany(pair, account);
    // Exactly one try takes the pair's last point (the consume is atomic), so exactly one places the lockout;
    // the window refuses every other try until the block replaces it. This try itself is still checked.
    if (pair.remaining === 0) await this.lockOut(pairKey);
  }

  /** A wrong password: counted against the address (the account's tries were taken before the check). */
  async recordFailure(ip: string, device?: KnownDevice | null) {
    if (device) return;
    await this.platform.limits.consume(ipKey(ip), LOGIN_FAILURES_PER_IP);
  }

  /** The right password (or a reset): the account's tries start again, and so do the pair's lockout steps. */
  async clear({ tenantId, email, ip, device }: LoginAttempt) {
    const { limits } = this.platform;
    if (device) {
      // the device's own tries start again; what strangers used up of the account's stays counted
      const ownKey = deviceKey(tenantId, email, device.deviceId);
      await Promise.all([
        limits.reset(ownKey, LOGIN_TRIES_PER_ACCOUNT_AND_IP),
        limits.reset(ownKey, LOCKOUTS_OF_PAIR),
      ]);
      return;
    }
    const pairKey = ip ? accountIpKey(tenantId, email, ip) : null;
    await Promise.all([
      limits.reset(accountKey(tenantId, email), LOGIN_TRIES_PER_ACCOUNT),
      pairKey ? limits.reset(pairKey, LOGIN_TRIES_PER_ACCOUNT_AND_IP) : null,
      pairKey ? limits.reset(pairKey, LOCKOUTS_OF_PAIR) : null,
    ]);
  }

  /** Locks out a pair (account and address) or a known device for the next of the lockout steps. */
  private async lockOut(pairKey: string) {
    const { limits } = this.platform;
    const steps = this.options.lockoutStepsSec ?? LOCKOUT_STEPS_SEC;
    const counted = await limits.consume(pairKey, LOCKOUTS_OF_PAIR);
    const lockouts = LOCKOUTS_OF_PAIR.points - counted.remaining;
    const blockSec = steps[Math.min(lockouts, steps.length) - 1]!;
    // The count lives until a day after this block ends, so the next lockout in a row takes the next step. One
    // pair locks out once per block, so nothing else writes its count meanwhile.
    await Promise.all([
      limits.block(pairKey, LOGIN_TRIES_PER_ACCOUNT_AND_IP, blockSec),
      limits.set(pairKey, LOCKOUTS_OF_PAIR, lockouts, blockSec + LOCKOUT_MEMORY_SEC),
    ]);
  }
}

/** Counts one email to the address; over the limit the caller answers 429 and sends nothing. */
export async function consumeEmailAllowance(platform: Platform, tenantId: string, email: string) {
  const res = await platform.limits.consume(`mail:${tenantId}:${email.toLowerCase()}`, EMAILS_PER_ADDRESS);
  if (!res.allowed) throw new AppError('auth/too-many-emails');
}
