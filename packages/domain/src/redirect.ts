/**
 * A path on this origin, or null. Refused: `//evil.com`, `/\evil.com`, `https:…`, `javascript:…`, control
 * characters, and paths that normalise to a protocol-relative address. Server (emailed links) and web
 * (redirectTo, continueUrl) apply the same rule.
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
    // "/.//evil.com" normalises to "//evil.com": a protocol-relative address once it is in the address bar
    if (url.pathname.startsWith('//')) return null;
    return url.pathname + url.search + url.hash;
  } catch {
    return null;
  }
}
