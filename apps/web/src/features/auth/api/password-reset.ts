import { api } from '@/lib/api-client';
import { LIVE_API } from './paths';

/** POST /api/live_api/account/sendResetPasswordEmail — answers `{sent:true}` whether or not the account exists. */
export function sendResetPasswordEmail(input: {
  email: string;
  mainAppId?: string | null;
  continueUrl?: string;
}): Promise<{ sent: true }> {
  return api<{ sent: true }>(`${LIVE_API}/account/sendResetPasswordEmail`, {
    body: input,
    refreshOn401: false,
  });
}

/** POST /api/live_api/auth/resetPassword — every refresh token of the user is revoked. */
export function resetPassword(input: { code: string; newPassword: string }): Promise<{ email: string }> {
  return api<{ email: string }>(`${LIVE_API}/auth/resetPassword`, { body: input, refreshOn401: false });
}
