import type { TokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { LIVE_API } from './paths';

/** POST /api/live_api/auth/customToken — trades a Google or one-time-code custom token for tokens. */
export function signInWithCustomToken(customToken: string): Promise<TokenResponse> {
  return api<TokenResponse>(`${LIVE_API}/auth/customToken`, { body: { customToken }, refreshOn401: false });
}
