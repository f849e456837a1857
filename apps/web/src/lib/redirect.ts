import { safeRedirectPath } from '@buildai/domain';

/** The main page after sign-in (spec 000 §2 `/home`; a per-tenant main page is not specified). */
export const MAIN_PAGE = '/home';
export const LOGIN_PATH = '/login';
export const VERIFY_EMAIL_PATH = '/auth/verifyEmail';

export { safeRedirectPath };

/** Paths that never make sense to come back to after sign-in. */
const NO_RETURN = [LOGIN_PATH, '/logout'];

function pathnameOf(path: string): string {
  const end = path.search(/[?#]/);
  return end < 0 ? path : path.slice(0, end);
}

export function postLoginPath(redirectTo: string | null | undefined, fallback = MAIN_PAGE): string {
  const safe = safeRedirectPath(redirectTo);
  if (!safe || NO_RETURN.includes(pathnameOf(safe))) return fallback;
  return safe;
}

/** `/login?redirectTo=<current path + query>` for a page that needs sign-in. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `${LOGIN_PATH}?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
}

/** `/auth/verifyEmail?continueUrl=<current path + query>[&appName=]` (spec 000 §2 post-login routing). */
export function verifyEmailPathFor(
  location: { pathname: string; search: string },
  appName?: string | null,
): string {
  const params = new URLSearchParams({ continueUrl: location.pathname + location.search });
  if (appName) params.set('appName', appName);
  return `${VERIFY_EMAIL_PATH}?${params.toString()}`;
}

/**
 * Where a `continueUrl` (verify page, emailed links) leads: a same-origin path, else the main page. `/login` is
 * allowed (a signed-in visitor bounces on to its `redirectTo`); the verify page itself is not (no loop).
 */
export function continuePath(continueUrl: string | null | undefined, fallback = MAIN_PAGE): string {
  const safe = safeRedirectPath(continueUrl);
  if (!safe || pathnameOf(safe) === VERIFY_EMAIL_PATH) return fallback;
  return safe;
}

/** Exempt from "go to the main page after login" (spec 000 §2 routes). */
const EXEMPT_PATHS = [
  LOGIN_PATH,
  VERIFY_EMAIL_PATH,
  '/auth/handler',
  '/error/unauthorized',
  '/logout',
  '/settings',
  '/joinPlan',
];
const EXEMPT_PREFIXES = ['/build/app/', '/analytics/app/'];

export function isExemptPath(pathname: string): boolean {
  if (EXEMPT_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`))) return true;
  if (pathname.includes('/item/') || pathname.includes('/tool/')) return true;
  return EXEMPT_PREFIXES.some((p) => pathname.startsWith(p));
}

/** Pages an unverified user may stay on (they are part of signing in or out). */
const VERIFY_EXEMPT = [VERIFY_EMAIL_PATH, '/auth/handler', '/logout', '/error/unauthorized'];

export interface PostLoginInput {
  /** where the user is when the sign-in completes */
  pathname: string;
  search: string;
  emailVerified: boolean;
  /** named on the verify page of an app's sign-in */
  appName?: string | null;
  mainPage?: string;
}

/**
 * Spec 000 §2 "Post-login routing", as a decision: the path to go to, or null to stay.
 * 1. An unverified email goes to the verify page, carrying the current path + query as its continue URL.
 * 2. Otherwise `redirectTo` is followed when present (same origin only; anything else lands on the main page).
 * 3. Otherwise the user goes to the main page, unless already on the root, the main page or an exempt path.
 *    The sign-in page is left in any case: it is where signing in starts, not where it ends.
 */
export function postLoginRoute(input: PostLoginInput): string | null {
  const { pathname, search, emailVerified, appName, mainPage = MAIN_PAGE } = input;
  if (!emailVerified) {
    return VERIFY_EXEMPT.includes(pathname) ? null : verifyEmailPathFor({ pathname, search }, appName);
  }
  const redirectTo = new URLSearchParams(search).get('redirectTo');
  if (redirectTo !== null) {
    const target = postLoginPath(redirectTo, mainPage);
    return target === pathname + search ? null : target;
  }
  if (pathname === LOGIN_PATH) return mainPage;
  if (pathname === '/' || pathname === mainPage || isExemptPath(pathname)) return null;
  return mainPage;
}
