import { appBasePath } from '@/lib/app-base';

/**
 * The page a visitor's address names: `/app/{appId}/{Page}?{search}`, or `/{Page}` on the app's own domain (no
 * page: the app's main page). For an app with its own router the page is the path inside the app
 * (`/app/{appId}/products/42` → `products/42`).
 */
export function pageOfAddress(appId: string, pathname: string, search: string) {
  const prefix = `/app/${encodeURIComponent(appId)}`;
  const rest = (pathname.startsWith(prefix) ? pathname.slice(prefix.length) : pathname).replace(
    /^\/+|\/+$/g,
    '',
  );
  let page = '';
  try {
    page = rest
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
  } catch {
    page = '';
  }
  return { page, search: search.replace(/^\?/, '') };
}

/** The address of a page of the app (or a path inside it) as visitors see it. */
export function addressOfPage(appId: string, page: string, search: string): string {
  const inside = page
    .split('/')
    .filter(Boolean)
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  // on the app's own domain the pages are at the root (`/Pricing`), not under /app/{appId}
  const path = `${appBasePath(appId)}${inside ? `/${inside}` : ''}` || '/';
  return search ? `${path}?${search}` : path;
}

/** The app document's address with the page to open first. */
export function documentWithPage(documentUrl: string, page: string, search: string): string {
  const url = new URL(documentUrl);
  if (page) url.searchParams.set('page', page);
  if (search) url.searchParams.set('search', search);
  return url.toString();
}

/**
 * Whether a page the frame asks the address bar to show is one of the app's own (ASVS 5.0 V3.5): a path inside
 * `/app/{appId}` — no `.` or `..` segment (as typed or percent-encoded), no empty segment, no backslash or control
 * character — so a frame can never move the product's address anywhere else.
 */
export function isPageOfApp(page: string): boolean {
  if (page === '') return true;
  if (/[\\\u0000-\u001f\u007f]/.test(page)) return false;
  return page.split('/').every((segment) => {
    let plain = segment;
    try {
      plain = decodeURIComponent(segment);
    } catch {
      return false;
    }
    return plain !== '' && plain !== '.' && plain !== '..';
  });
}
