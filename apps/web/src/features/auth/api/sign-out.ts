import { api } from '@/lib/api-client';
import { LIVE_API } from './paths';

/** POST /api/live_api/auth/signOut — revokes the refresh cookie. Never throws: signing out locally must work offline. */
export async function signOutRequest(idToken?: string | null): Promise<void> {
  try {
    await api<void>(`${LIVE_API}/auth/signOut`, {
      method: 'POST',
      // the server takes cookie calls as JSON only (login CSRF guard)
      body: {},
      refreshOn401: false,
      headers: idToken ? { Authorization: `Bearer ${idToken}` } : undefined,
    });
  } catch {
    // the local session is cleared by the caller either way
  }
}
