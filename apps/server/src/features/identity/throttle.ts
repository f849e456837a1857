import { AppError } from '@buildai/domain';
import type { LimitRule } from '../../platform/limits/types';
import type { Platform } from '../../platform';

const WINDOW_SEC = 15 * 60;
/** Failed sign-ins: per account (tenant + email) and per client address. */
export const LOGIN_FAILURES_PER_ACCOUNT: LimitRule = { points: 5, durationSec: WINDOW_SEC };
export const LOGIN_FAILURES_PER_IP: LimitRule = { points: 20, durationSec: WINDOW_SEC };
/** Emails (verify, reset, magic link) to one address. */
export const EMAILS_PER_ADDRESS: LimitRule = { points: 5, durationSec: 60 * 60 };

const accountKey = (tenantId: string, email: string) => `login:acct:${tenantId}:${email.toLowerCase()}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

/** Refuses a sign-in while the account or the address has used up its failures. */
export async function assertLoginAllowed(platform: Platform, tenantId: string, email: string, ip: string) {
  const [account, address] = await Promise.all([
    platform.limits.peek(accountKey(tenantId, email), LOGIN_FAILURES_PER_ACCOUNT),
    platform.limits.peek(ipKey(ip), LOGIN_FAILURES_PER_IP),
  ]);
  if (!account.allowed || !address.allowed) throw new AppError('auth/too-many-requests');
}

export async function recordLoginFailure(platform: Platform, tenantId: string, email: string, ip: string) {
  await Promise.all([
    platform.limits.consume(accountKey(tenantId, email), LOGIN_FAILURES_PER_ACCOUNT),
    platform.limits.consume(ipKey(ip), LOGIN_FAILURES_PER_IP),
  ]);
}

export async function clearLoginFailures(platform: Platform, tenantId: string, email: string) {
  await platform.limits.reset(accountKey(tenantId, email), LOGIN_FAILURES_PER_ACCOUNT);
}

/** Counts one email to the address; over the limit the caller answers 429 and sends nothing. */
export async function consumeEmailAllowance(platform: Platform, tenantId: string, email: string) {
  const res = await platform.limits.consume(`mail:${tenantId}:${email.toLowerCase()}`, EMAILS_PER_ADDRESS);
  if (!res.allowed) throw new AppError('auth/too-many-emails');
}
