import type { TokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { LIVE_API } from './paths';

export interface SignInInput {
  email: string;
  password: string;
  /** the app's tenant; left out on the builders' platform */
  tenantId?: string;
}

/** POST /api/live_api/auth/signIn — sets the HttpOnly refresh cookie and answers the id token. */
export function signIn(input: SignInInput): Promise<TokenResponse> {
  return api<TokenResponse>(`${LIVE_API}/auth/signIn`, { body: input, refreshOn401: false });
}
