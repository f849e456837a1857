import type { Context } from 'hono';
import { AppError } from '@buildai/domain';
import type { Platform } from '../platform';
import { compileTrust, forwardedClientIp } from './trust-proxy';

export interface Caller {
  userId: string;
  tenantId: string;
  email: string;
  emailVerified: boolean;
  /** the session of the id token (docs/decisions/0006) */
  sessionId?: string;
}

export interface AppEnv {
  Variables: {
    requestId: string;
    platform: Platform;
    caller: Caller | null;
  };
}

export type Ctx = Context<AppEnv>;

/** The signed-in caller, or 401. */
export function requireCaller(c: Ctx): Caller {
  const caller = c.get('caller');
  if (!caller) throw new AppError('auth/unauthenticated');
  return caller;
}

function socketAddress(c: Ctx): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

/**
 * The client's address: the socket's, or, behind the proxies TRUST_PROXY names, the rightmost `X-Forwarded-For`
 * hop that is not one of them. Entries further left are the client's own say and never taken.
 */
export function clientIp(c: Ctx): string {
  const trust = c.get('platform').config.TRUST_PROXY;
  const socket = socketAddress(c);
  if (trust === false) return socket;
  return forwardedClientIp(socket, c.req.header('x-forwarded-for'), compileTrust(trust));
}

/** Whether the request came over https: its own URL, or `X-Forwarded-Proto` set by a proxy we trust. */
export function isHttpsRequest(c: Ctx): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  const trust = c.get('platform').config.TRUST_PROXY;
  if (trust === false || !compileTrust(trust)(socketAddress(c), 0)) return false;
  return c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}
