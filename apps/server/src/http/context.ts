import type { Context } from 'hono';
import type { z } from 'zod';
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

/** Reads and validates the JSON body; a bad body answers 400 with the first failing field and changes nothing. */
export async function parseBody<S extends z.ZodType>(c: Ctx, schema: S): Promise<z.infer<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new AppError('request/invalid', { message: 'The request body is not valid JSON' });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.');
    throw new AppError('request/invalid', {
      message: field ? `${field}: ${issue.message}` : issue.message,
      field: field || undefined,
    });
  }
  return parsed.data;
}

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
