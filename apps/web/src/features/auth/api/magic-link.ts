import type { OtpTokens, TokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { LIVE_API, withAppId } from './paths';

/** POST /api/live_api/account/sendMagicLink[?appId=] — the message holds the link and a 6-digit code. */
export function sendMagicLink(input: {
  email: string;
  continueUrl?: string;
  appId?: string | null;
}): Promise<{ sent: true }> {
  return api<{ sent: true }>(withAppId(`${LIVE_API}/account/sendMagicLink`, input.appId), {
    body: { email: input.email, continueUrl: input.continueUrl },
    refreshOn401: false,
  });
}

/** POST /api/live_api/account/validateOtp[?appId=] — a wrong code is 400 auth/invalid-otp, the 3rd 429 ATTEMPTS_EXCEEDED. */
export function validateOtp(input: {
  email: string;
  otp: string;
  appId?: string | null;
}): Promise<OtpTokens> {
  return api<OtpTokens>(withAppId(`${LIVE_API}/account/validateOtp`, input.appId), {
    body: { email: input.email, otp: input.otp },
    refreshOn401: false,
  });
}

/** POST /api/live_api/auth/magicLink/verify — the emailed link's token for tokens. */
export function verifyMagicLink(token: string): Promise<TokenResponse> {
  return api<TokenResponse>(`${LIVE_API}/auth/magicLink/verify`, { body: { token }, refreshOn401: false });
}
