import { getToken } from '@/lib/session';

/** Who the id token of this browser names: its tenant (an app's id, or the builders' platform) and email. */
export interface SessionClaims {
  tenantId: string;
  email: string;
}

/**
 * Reads the signed-in identity from the id token's payload, for what the page shows and where it sends the
 * visitor; the server checks the token itself on every call, so nothing here is trusted.
 */
export function sessionClaims(token = getToken()): SessionClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as {
      tid?: unknown;
      email?: unknown;
    };
    if (typeof json.tid !== 'string') return null;
    return { tenantId: json.tid, email: typeof json.email === 'string' ? json.email : '' };
  } catch {
    return null;
  }
}

/** The Gumroad page of the plan with the signed-in visitor's email filled in (Gumroad reads `?email=`). */
export function checkoutLink(link: string | undefined, email: string | null | undefined): string | null {
  if (!link) return null;
  if (!email) return link;
  try {
    const url = new URL(link, window.location.origin);
    url.searchParams.set('email', email);
    return url.toString();
  } catch {
    return link;
  }
}
