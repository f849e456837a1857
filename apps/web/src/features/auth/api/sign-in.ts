import type { TokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

export interface SignInInput {
  email: string;
  password: string;
}

/** POST /api/live_api/auth/signIn — sets the HttpOnly refresh cookie and answers the id token. */
export function signIn(input: SignInInput): Promise<TokenResponse> {
  return api<TokenResponse>('/api/live_api/auth/signIn', { body: input, refreshOn401: false });
}
