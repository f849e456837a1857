/**
 * The page a visitor's address names: `/app/{appId}/{Page}?{search}`, or `/{Page}` on the app's own domain (no
 * page: the app's main page).
 */
export function pageOfAddress(appId: string, pathname: string, search: string) {
  const prefix = `/app/${encodeURIComponent(appId)}`;
  const rest = (pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname).replace(
    /^\/+|\/+$/g,
    '',
  );
  let page = '';
  try {
    page = decodeURIComponent(rest.split('/')[0] ?? '');
  } catch {
    page = '';
  }
  return { page, search: search.replace(/^\?/, '') };
}

/** The address of a page of the app as visitors see it. */
export function addressOfPage(appId: string, page: string, search: string): string {
  const path = `/app/${encodeURIComponent(appId)}${page ? `/${encodeURIComponent(page)}` : ''}`;
  return search ? `${path}?${search}` : path;
}

/** The app document's address with the page to open first. */
export function documentWithPage(documentUrl: string, page: string, search: string): string {
  const url = new URL(documentUrl);
  if (page) url.searchParams.set('page', page);
  if (search) url.searchParams.set('search', search);
  return url.toString();
}
