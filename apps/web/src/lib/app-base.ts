import { CUSTOM_DOMAIN_APP_META } from '@buildai/domain';

/**
 * The base path of an app's public pages in this document: '' on the app's own domain (the server names the app in
 * the document, README "Custom domains"), where its pages are `/`, `/tool/{path}` and `/{Page}`; else
 * `/app/{appId}`. The address bar keeps the clean paths of a custom domain (issue 32, item 12).
 */
export function appBasePath(appId: string, doc: Document | undefined = globalThis.document): string {
  const own = doc?.querySelector<HTMLMetaElement>(`meta[name="${CUSTOM_DOMAIN_APP_META}"]`)?.content;
  return own === appId ? '' : `/app/${encodeURIComponent(appId)}`;
}
