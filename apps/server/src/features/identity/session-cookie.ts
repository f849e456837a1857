import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { REFRESH_TOKEN_LIFETIME_DAYS } from '@buildai/domain';
import { isHttpsRequest, type Ctx } from '../../http/context';

export const REFRESH_COOKIE = 'buildai_refresh';
const COOKIE_PATH = '/api/live_api/auth';

/** The refresh token travels only in an HttpOnly cookie scoped to the auth endpoints. */
export function setRefreshCookie(c: Ctx, token: string): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttpsRequest(c),
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_LIFETIME_DAYS * 86_400,
  });
}

export function readRefreshCookie(c: Ctx): string | undefined {
  return getCookie(c, REFRESH_COOKIE);
}

export function clearRefreshCookie(c: Ctx): void {
  deleteCookie(c, REFRESH_COOKIE, { path: COOKIE_PATH, secure: isHttpsRequest(c) });
}
