import { eq } from 'drizzle-orm';
import { AUTH_HANDLER_PATH, type AuthLinkMode } from '@buildai/domain';
import { apps } from '../../db/schema';
import type { Platform } from '../../platform';

/**
 * The product's public address for emailed links: PUBLIC_URL, else this server on localhost. Never taken from
 * the request's Host header, which a caller controls.
 */
export function publicBaseUrl(platform: Platform): string {
  const configured = platform.config.PUBLIC_URL;
  if (configured) return configured.replace(/\/+$/, '');
  return `http://localhost:${platform.config.PORT}`;
}

/**
 * `/auth/handler?mode=…&<secret>&continueUrl=…` on the public address; empty parameters are left out. A link for
 * the users of an app with a custom domain opens on that domain (README "Custom domains"), where their session
 * lives: PUBLIC_URL with its host name swapped for the domain the builder saved (never the request's Host).
 */
export async function authLink(
  platform: Platform,
  mode: AuthLinkMode,
  params: Record<string, string | undefined | null>,
): Promise<string> {
  const url = new URL(`${publicBaseUrl(platform)}${AUTH_HANDLER_PATH}`);
  const domain = params.appId ? await customDomainOf(platform, params.appId) : null;
  if (domain) url.hostname = domain;
  url.searchParams.set('mode', mode);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

async function customDomainOf(platform: Platform, appId: string): Promise<string | null> {
  const [app] = await platform.db
    .select({ customDomain: apps.customDomain })
    .from(apps)
    .where(eq(apps.appId, appId));
  return app?.customDomain ?? null;
}
