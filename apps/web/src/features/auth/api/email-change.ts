import { api } from '@/lib/api-client';
import { LIVE_API } from './paths';

/** POST /api/live_api/auth/applyEmailChange — the link sent to the new address applies the change. */
export function applyEmailChange(code: string): Promise<{ email: string }> {
  return api<{ email: string }>(`${LIVE_API}/auth/applyEmailChange`, { body: { code }, refreshOn401: false });
}

/** POST /api/live_api/auth/recoverEmail — the link sent to the old address undoes the change. */
export function recoverEmail(code: string): Promise<{ email: string }> {
  return api<{ email: string }>(`${LIVE_API}/auth/recoverEmail`, { body: { code }, refreshOn401: false });
}
