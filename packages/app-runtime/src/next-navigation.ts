import { useSyncExternalStore } from 'react';
import { useParams as useRouteParams } from 'react-router';
import { frameLocation, goLocation, pushLocation, subscribeLocation } from './frame-location';

/** `next/navigation` (v0 writes it) on the frame's history: the same moves react-router and the SDK make. */

function go(href: string, replace: boolean) {
  const url = new URL(href, `http://app.invalid/${frameLocation().path}`);
  pushLocation({ path: url.pathname, search: url.search, hash: url.hash }, null, replace);
  window.scrollTo(0, 0);
}

const router = {
  push: (href: string) => go(href, false),
  replace: (href: string) => go(href, true),
  back: () => goLocation(-1),
  forward: () => goLocation(1),
  refresh: () => undefined,
  prefetch: () => undefined,
};

export function useRouter() {
  return router;
}

export function usePathname(): string {
  return `/${useSyncExternalStore(subscribeLocation, () => frameLocation().path)}`;
}

export function useSearchParams(): URLSearchParams {
  const search = useSyncExternalStore(subscribeLocation, () => frameLocation().search);
  return new URLSearchParams(search);
}

/** The route's parameters when the app routes with react-router (`[id]` pages of a Next app become `:id`). */
export function useParams<T extends Record<string, string> = Record<string, string>>(): T {
  return useRouteParams() as T;
}

export function useSelectedLayoutSegment(): string | null {
  return usePathname().split('/')[1] || null;
}

export function redirect(href: string): never {
  go(href, true);
  throw new Error(`Redirected to ${href}`);
}

export function notFound(): never {
  throw new Error('This page could not be found');
}
