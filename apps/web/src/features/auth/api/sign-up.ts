import { PLATFORM_TENANT_ID, type TokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

export interface SignUpInput {
  email: string;
  password: string;
}

/** POST /api/live_api/auth/signUp — builders sign up to the platform's own tenant. */
export function signUp(input: SignUpInput): Promise<TokenResponse> {
  return api<TokenResponse>('/api/live_api/auth/signUp', {
    body: { ...input, tenantId: PLATFORM_TENANT_ID },
    refreshOn401: false,
  });
}
