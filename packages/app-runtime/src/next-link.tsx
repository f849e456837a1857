import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { Link as RouterLink, useInRouterContext } from 'react-router';
import { pushLocation } from './frame-location';

type Href = string | { pathname?: string; query?: Record<string, string | number>; hash?: string };

export interface NextLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: Href;
  replace?: boolean;
  scroll?: boolean;
  prefetch?: boolean | null;
  shallow?: boolean;
  passHref?: boolean;
  legacyBehavior?: boolean;
  locale?: string | false;
  children?: ReactNode;
}

/** `href` as a path: Next's object form (`{ pathname, query }`) too. */
export function hrefOf(href: Href): string {
  if (typeof href === 'string') return href;
  const query = href.query
    ? new URLSearchParams(Object.entries(href.query).map(([k, v]) => [k, String(v)])).toString()
    : '';
  return `${href.pathname ?? ''}${query ? `?${query}` : ''}${href.hash ? `#${href.hash.replace(/^#/, '')}` : ''}`;
}

const outside = (href: string) => /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');

/**
 * `next/link` (v0 writes it): a link inside the app moves the frame's history, in a router or not; an outside
 * address is a plain link.
 */
export default function Link(props: NextLinkProps) {
  const inRouter = useInRouterContext();
  const {
    href,
    replace,
    scroll: _scroll,
    prefetch: _prefetch,
    shallow: _shallow,
    passHref: _passHref,
    legacyBehavior: _legacy,
    locale: _locale,
    onClick,
    ...rest
  } = props;
  const to = hrefOf(href);
  if (outside(to) || to.startsWith('#')) return <a href={to} onClick={onClick} {...rest} />;
  if (inRouter) return <RouterLink to={to} replace={replace} onClick={onClick} {...rest} />;
  return (
    <a
      href={to}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const url = new URL(to, 'http://app.invalid/');
        pushLocation({ path: url.pathname, search: url.search, hash: url.hash }, null, replace);
        window.scrollTo(0, 0);
      }}
      {...rest}
    />
  );
}
