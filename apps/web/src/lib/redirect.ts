/**
 * Where to go after sign-in. Only a path on this origin is followed: `//evil.com`, `/\evil.com`, `https:…`,
 * `javascript:…` and anything with control characters are refused (open-redirect guard).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  const path = value.trim();
  if (!path.startsWith('/')) return null;
  if (path.startsWith('//') || path.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f\\]/.test(path)) return null;
  try {
    const base = 'http://buildai.invalid';
    const url = new URL(path, base);
    if (url.origin !== base) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}

/** Paths that never make sense to come back to after sign-in. */
const NO_RETURN = ['/login', '/logout'];

export function postLoginPath(redirectTo: string | null | undefined, fallback = '/home'): string {
  const safe = safeRedirectPath(redirectTo);
  if (!safe || NO_RETURN.some((p) => safe === p || safe.startsWith(`${p}?`))) return fallback;
  return safe;
}

/** `/login?redirectTo=<current path + query>` for a page that needs sign-in. */
export function loginPathFor(location: { pathname: string; search: string }): string {
  return `/login?redirectTo=${encodeURIComponent(location.pathname + location.search)}`;
}
