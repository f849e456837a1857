import type { TokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

const LIVE_API = '/api/live_api';

/**
 * POST auth/changeEmail (bearer) — sends a confirmation link to the new address; nothing changes until it is
 * opened (`/auth/handler?mode=verifyAndChangeEmail`).
 */
export function changeEmail(input: {
  currentPassword: string;
  newEmail: string;
}): Promise<{ sent: boolean }> {
  return api<{ sent: boolean }>(`${LIVE_API}/auth/changeEmail`, { body: input });
}

/** POST account/completeEmailChange (bearer) — the account follows the identity's new address. */
export function completeEmailChange(newEmail: string): Promise<{ email: string }> {
  return api<{ email: string }>(`${LIVE_API}/account/completeEmailChange`, { body: { newEmail } });
}

/** POST auth/changePassword (bearer) — answers new tokens; every other session is revoked. */
export function changePassword(input: {
  currentPassword: string;
  newPassword: string;
}): Promise<TokenResponse> {
  return api<TokenResponse>(`${LIVE_API}/auth/changePassword`, { body: input });
}
