import * as React from 'react';
import { useLocation, useNavigate } from 'react-router';
import { NavigationProvider, type Navigation } from './navigation';

/** The builder document's navigation: react-router's. */
export function RouterNavigation({ children }: { children: React.ReactNode }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const value = React.useMemo<Navigation>(
    () => ({ location: { pathname, search }, navigate: (to, options) => void navigate(to, options) }),
    [pathname, search, navigate],
  );
  return <NavigationProvider value={value}>{children}</NavigationProvider>;
}
