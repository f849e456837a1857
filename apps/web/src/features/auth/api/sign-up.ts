import { PLATFORM_TENANT_ID, type TokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { LIVE_API } from './paths';

export interface SignUpInput {
  email: string;
  password: string;
  /** the builders' platform unless an app's sign-in page says otherwise */
  tenantId?: string;
  /** where the verification link brings the user back to */
  continueUrl?: string;
}

/** POST /api/live_api/auth/signUp — a verify-email message is sent to the new address. */
export function signUp({ tenantId, ...input }: SignUpInput): Promise<TokenResponse> {
  return api<TokenResponse>(`${LIVE_API}/auth/signUp`, {
    body: { ...input, tenantId: tenantId ?? PLATFORM_TENANT_ID },
    refreshOn401: false,
  });
}
