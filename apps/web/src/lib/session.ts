import { REFRESH_TOKEN_LIFETIME_DAYS, type TokenResponse } from '@buildai/domain';
import { deleteCookie, readCookie, writeCookie } from './cookies';

/**
 * The signed-in session of this browser. The id token lives in a cookie (spec 000 §4: "stored in a cookie") so a
 * reload keeps the session; the long-lived refresh token is an HttpOnly cookie the server sets and reads.
 */
export const TOKEN_COOKIE_NAME = 'buildai_token';
export const REFRESH_PATH = '/api/live_api/auth/refresh';
/** Not a secret: only says "this browser signed in", so visitors who never did skip the refresh call. */
export const SESSION_HINT_COOKIE_NAME = 'buildai_session';

type Listener = () => void;
const listeners = new Set<Listener>();
let current: string | null = readCookie(TOKEN_COOKIE_NAME);
let refreshing: Promise<boolean> | null = null;

function emit(): void {
  for (const listener of listeners) listener();
}

export function getToken(): string | null {
  return current;
}

export function setToken(token: TokenResponse): void {
  current = token.idToken;
  writeCookie(TOKEN_COOKIE_NAME, token.idToken, {
    maxAgeSeconds: Math.max(60, Math.floor(token.expiresIn)),
    sameSite: 'Lax',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  });
  writeCookie(SESSION_HINT_COOKIE_NAME, '1', {
    maxAgeSeconds: REFRESH_TOKEN_LIFETIME_DAYS * 24 * 3600,
    sameSite: 'Lax',
  });
  emit();
}

export function clearToken(): void {
  const had = current !== null;
  current = null;
  deleteCookie(TOKEN_COOKIE_NAME);
  deleteCookie(SESSION_HINT_COOKIE_NAME);
  if (had) emit();
}

/** Whether the refresh cookie may exist (this browser signed in and has not signed out since). */
export function mightHaveSession(): boolean {
  return current !== null || readCookie(SESSION_HINT_COOKIE_NAME) === '1';
}

export function subscribeToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Trades the refresh cookie for a new id token. Concurrent callers share one request. Resolves false (and clears
 * the token) when the server refuses; a network failure keeps the current token so a blip does not sign out.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      // JSON, as the server's login CSRF guard asks of every call that reads the refresh cookie
      const res = await fetch(REFRESH_PATH, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json' },
        body: '{}',
      });
      if (!res.ok) {
        clearToken();
        return false;
      }
      setToken((await res.json()) as TokenResponse);
      return true;
    } catch {
      return current !== null;
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}
