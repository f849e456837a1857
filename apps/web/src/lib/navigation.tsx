import * as React from 'react';

/**
 * Where the page is and how to move, for components that both documents render: the builder's (react-router
 * provides it, `RouterNavigation`) and the sign-in page's own, which has no router (`DocumentNavigation`;
 * docs/decisions/0005 "Page weight").
 */
export interface Navigation {
  location: { pathname: string; search: string };
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const NavigationContext = React.createContext<Navigation | null>(null);

export const NavigationProvider = NavigationContext.Provider;

export function useNavigation(): Navigation {
  const navigation = React.useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a NavigationProvider');
  return navigation;
}

/** Moves to `to` as soon as it renders, replacing the current entry (a page that forwards to another). */
export function Redirect({ to }: { to: string }) {
  const { navigate } = useNavigation();
  React.useEffect(() => navigate(to, { replace: true }), [navigate, to]);
  return null;
}
