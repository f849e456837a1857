import { AppError } from '@buildai/domain';
import type { LimitRule } from '../../platform/limits/types';
import type { Platform } from '../../platform';

/**
 * Failed sign-ins (docs/decisions/0006). The tight limit is per account *and* address, so a stranger guessing
 * cannot lock the owner out from the owner's own address; each try takes its point before the password is
 * checked (one atomic consume), so concurrent tries cannot outrun it. A looser limit per address slows guessing
 * across many accounts, and a loose one per account slows guessing from many addresses; the owner can always sign
 * in with a magic link or one-time code, which these limits never block.
 */
export const LOGIN_TRIES_PER_ACCOUNT_AND_IP: LimitRule = { points: 5, durationSec: 15 * 60 };
export const LOGIN_FAILURES_PER_IP: LimitRule = { points: 100, durationSec: 15 * 60 };
export const LOGIN_TRIES_PER_ACCOUNT: LimitRule = { points: 100, durationSec: 60 * 60 };
/** Emails (verify, reset, magic link) to one address. */
export const EMAILS_PER_ADDRESS: LimitRule = { points: 5, durationSec: 60 * 60 };

const accountKey = (tenantId: string, email: string) => `login:acct:${tenantId}:${email.toLowerCase()}`;
const accountIpKey = (tenantId: string, email: string, ip: string) =>
  `login:acct-ip:${tenantId}:${email.toLowerCase()}:${ip}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/**
 * Takes one try of the account from this address, or answers 429 when its tries are used up. Call before the
 * password is checked; a right password gives the tries back (`clearLoginFailures`).
 */
export async function takeLoginTry(platform: Platform, tenantId: string, email: string, ip: string) {
  const address = await platform.limits.peek(ipKey(ip), LOGIN_FAILURES_PER_IP);
  if (!address.allowed) throw new AppError('auth/too-many-requests');
  const [pair, account] = await Promise.all([
    platform.limits.consume(accountIpKey(tenantId, email, ip), LOGIN_TRIES_PER_ACCOUNT_AND_IP),
    platform.limits.consume(accountKey(tenantId, email), LOGIN_TRIES_PER_ACCOUNT),
  ]);
  if (!pair.allowed || !account.allowed) throw new AppError('auth/too-many-requests');
}

/** A wrong password: counted against the address (the account's tries were taken before the check). */
export async function recordLoginFailure(platform: Platform, ip: string) {
  await platform.limits.consume(ipKey(ip), LOGIN_FAILURES_PER_IP);
}

/** The right password (or a reset): the account's tries start again. */
export async function clearLoginFailures(platform: Platform, tenantId: string, email: string, ip?: string) {
  await Promise.all([
    platform.limits.reset(accountKey(tenantId, email), LOGIN_TRIES_PER_ACCOUNT),
    ip ? platform.limits.reset(accountIpKey(tenantId, email, ip), LOGIN_TRIES_PER_ACCOUNT_AND_IP) : null,
  ]);
}

/** Counts one email to the address; over the limit the caller answers 429 and sends nothing. */
export async function consumeEmailAllowance(platform: Platform, tenantId: string, email: string) {
  const res = await platform.limits.consume(`mail:${tenantId}:${email.toLowerCase()}`, EMAILS_PER_ADDRESS);
  if (!res.allowed) throw new AppError('auth/too-many-emails');
}
