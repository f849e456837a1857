import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { FRAME_SOURCE, postToShell, reportToShell, toErrorItem } from './bridge';

/**
 * `@buildai/app-sdk`: what generated code uses to move between its pages and to report. Navigation keeps the
 * visitor's address `/app/{appId}/{Page}`: the frame tells the shell, which reflects it in the address bar.
 */

interface AppLocation {
  page: string;
  /** the query string without `?` */
  search: string;
}

let appId = '';
let pages: string[] = [];
let mainPage = 'Home';
let location: AppLocation = { page: 'Home', search: '' };
const listeners = new Set<() => void>();

function setLocation(next: AppLocation) {
  location = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once by the runtime when the app starts. */
export function initLocation(id: string, pageNames: string[], main: string, initial: AppLocation): void {
  appId = id;
  pages = pageNames;
  mainPage = main;
  location = initial;
}

/** Called when the shell moves the app (the visitor pressed Back or Forward). */
export function applyShellLocation(shown: AppLocation): void {
  const next = { page: shown.page || mainPage, search: shown.search };
  if (next.page !== location.page || next.search !== location.search) setLocation(next);
}

function toSearch(params?: Record<string, string | number | boolean>): string {
  if (!params) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) search.set(key, String(value));
  return search.toString();
}

/** Opens another page of the app, e.g. `navigate('Pricing')` or `navigate('Product', { id: '42' })`. */
export function navigate(page: string, params?: Record<string, string | number | boolean>): void {
  const name = page.replace(/^\/+/, '');
  const next = { page: name, search: toSearch(params) };
  setLocation(next);
  postToShell({ source: FRAME_SOURCE, type: 'navigate', ...next });
  window.scrollTo(0, 0);
}

/** The page shown now, e.g. `'Home'`. */
export function usePage(): string {
  return useSyncExternalStore(subscribe, () => location.page);
}

/** The current page's parameters (its query string), e.g. `{ id: '42' }`. */
export function useParams(): Record<string, string> {
  const search = useSyncExternalStore(subscribe, () => location.search);
  return Object.fromEntries(new URLSearchParams(search));
}

/** The app's id. */
export function getAppId(): string {
  return appId;
}

/** The names of the app's pages (one per `pages/{Name}.tsx`). */
export function getPages(): string[] {
  return [...pages];
}

/** The address a visitor sees for a page: `/app/{appId}/{page}`. */
export function pageUrl(page: string, params?: Record<string, string | number | boolean>): string {
  const search = toSearch(params);
  return `/app/${encodeURIComponent(appId)}/${encodeURIComponent(page)}${search ? `?${search}` : ''}`;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** the page to open, e.g. `"Pricing"` */
  to: string;
  params?: Record<string, string | number | boolean>;
}

/** A link to another page of the app (a plain `<a>` to any outside address opens in a new tab). */
export function Link({ to, params, onClick, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={pageUrl(to, params)}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        navigate(to, params);
      }}
    />
  );
}

/** Sends an error to the builder's issues panel without breaking the page. */
export function reportError(error: unknown, componentName?: string): void {
  reportToShell(toErrorItem(error, componentName));
}

/** The app database comes with a later version of the runtime; until then every call says so. */
export const db = {
  entity(name: string) {
    const unavailable = async (): Promise<never> => {
      throw new Error(`The app database is not available yet (entity "${name}")`);
    };
    return {
      list: unavailable,
      get: unavailable,
      create: unavailable,
      update: unavailable,
      remove: unavailable,
    };
  },
};
