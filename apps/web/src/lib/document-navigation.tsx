import * as React from 'react';
import { NavigationProvider, type Navigation } from './navigation';
import { navigate as moveInPage, usePathname, useSearch } from './page-location';

/**
 * The navigation of a document without a router: addresses it renders itself (`ownPath`) move with the History
 * API, any other one loads its document (after the sign-in, the builder's).
 */
export function DocumentNavigation({
  ownPath,
  children,
}: {
  ownPath: (pathname: string) => boolean;
  children: React.ReactNode;
}) {
  const pathname = usePathname();
  const search = useSearch();
  const value = React.useMemo<Navigation>(
    () => ({
      location: { pathname, search },
      navigate: (to, { replace = false } = {}) => {
        if (ownPath(new URL(to, window.location.href).pathname)) moveInPage(to, { replace });
        else if (replace) window.location.replace(to);
        else window.location.assign(to);
      },
    }),
    [ownPath, pathname, search],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
