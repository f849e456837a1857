import { PUBLIC_URL_META } from '@buildai/domain';

/**
 * The product's public address for the links a builder copies (the app's page, the widget's snippet, the API and
 * MCP addresses): PUBLIC_URL as the server names it in the builder's document, else this page's own origin.
 */
export function publicOrigin(): string {
  const named = document.querySelector<HTMLMetaElement>(`meta[name="${PUBLIC_URL_META}"]`)?.content;
  return named ? named.replace(/\/+$/, '') : window.location.origin;
}

/** The app's address for visitors (spec 001 §2: `/app/{appId}`), absolute so it can be shared. */
export function liveLink(appId: string): string {
  return `${publicOrigin()}/app/${encodeURIComponent(appId)}`;
}
