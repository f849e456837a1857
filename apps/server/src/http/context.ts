import type { Context } from 'hono';
import { AppError } from '@buildai/domain';
import type { Platform } from '../platform';

export interface Caller {
  userId: string;
  tenantId: string;
  email: string;
  emailVerified: boolean;
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

/**
 * The client's address: the socket's, or the first `X-Forwarded-For` hop when TRUST_PROXY says a proxy in front
 * of us sets it (otherwise anyone could pick their own address).
 */
export function clientIp(c: Ctx): string {
  if (c.get('platform').config.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}
