import * as React from 'react';

/**
 * The address of a page that runs without react-router: the public app pages (`/app/*`, their own HTML entry,
 * docs/decisions/0005 "Page weight"). The pathname lives in `window.location`; `navigate` moves it with the
 * History API and tells the subscribers, and the back and forward buttons do the same through `popstate`.
 */
export type NavigationAction = 'POP' | 'PUSH' | 'REPLACE';

const listeners = new Set<() => void>();
let lastAction: NavigationAction = 'POP';

function emit(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener('popstate', onPop);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', onPop);
  };
}

function onPop(): void {
  lastAction = 'POP';
  emit();
}

const pathname = () => window.location.pathname;
const search = () => window.location.search;

/** The current pathname; the component renders again when it changes. */
export function usePathname(): string {
  return React.useSyncExternalStore(subscribe, pathname, () => '/');
}

/** The current query (`?…`, or ''); the component renders again when it changes. */
export function useSearch(): string {
  return React.useSyncExternalStore(subscribe, search, () => '');
}

/** How the last change of address happened (a replace keeps the history as long as it was). */
export function lastNavigation(): NavigationAction {
  return lastAction;
}

/** Moves to `to` within this document (an address it renders itself). */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  lastAction = replace ? 'REPLACE' : 'PUSH';
  emit();
}

/** Addresses this document renders itself: the public app pages. Any other one is a document of its own. */
export const isInPagePath = (to: string) => to.startsWith('/app/');

type LinkProps = Omit<React.AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link: a plain anchor (so opening it in a new tab, copying it or reading it aloud all work) that moves within
 * the document when it can, and loads the other document (the builder, the sign-in page) otherwise.
 */
export function Link({ to, onClick, target, ...props }: LinkProps) {
  return (
    <a
      {...props}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        const plain =
          event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
        if (event.defaultPrevented || !plain || (target && target !== '_self') || !isInPagePath(to)) return;
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}

/** Replaces the address as soon as it renders (a page that forwards to another). */
export function Redirect({ to }: { to: string }) {
  React.useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}
