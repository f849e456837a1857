import { api } from '@/lib/api-client';
import { LIVE_API } from './paths';

/** POST /api/live_api/auth/sendVerifyEmail (bearer) — sends a new verification link. */
export function sendVerifyEmail(input: { continueUrl?: string; appName?: string }): Promise<{ sent: true }> {
  return api<{ sent: true }>(`${LIVE_API}/auth/sendVerifyEmail`, { body: input });
}

/** POST /api/live_api/auth/verifyEmail — the emailed code marks the address verified. */
export function verifyEmail(code: string): Promise<{ email: string; emailVerified: true }> {
  return api<{ email: string; emailVerified: true }>(`${LIVE_API}/auth/verifyEmail`, {
    body: { code },
    refreshOn401: false,
  });
}
