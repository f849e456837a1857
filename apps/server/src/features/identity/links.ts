import { AUTH_HANDLER_PATH, type AuthLinkMode } from '@buildai/domain';
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

/** `/auth/handler?mode=…&<secret>&continueUrl=…` on the public address; empty parameters are left out. */
export function authLink(
  platform: Platform,
  mode: AuthLinkMode,
  params: Record<string, string | undefined | null>,
): string {
  const url = new URL(`${publicBaseUrl(platform)}${AUTH_HANDLER_PATH}`);
  url.searchParams.set('mode', mode);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}
