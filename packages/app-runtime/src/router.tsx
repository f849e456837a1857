import { useSyncExternalStore, type ReactNode } from 'react';
import {
  createMemoryRouter,
  createPath,
  parsePath,
  Router,
  useInRouterContext,
  type Navigator,
  type To,
} from 'react-router';
import {
  driveLocation,
  frameLocation,
  goLocation,
  pushLocation,
  reportDriverLocation,
  subscribeLocation,
  type LocationTarget,
} from './frame-location';

/**
 * `react-router-dom` (and `react-router`) as an app imports them: react-router's components and hooks (not its server
 * and framework parts, which no app in a frame can use), with the routers that
 * would use the frame's own address replaced by ones on the frame's history (frame-location.ts). So `BrowserRouter`,
 * `HashRouter` and `createBrowserRouter` work inside the sandboxed frame, and each move shows in the visitor's
 * address bar under `/app/{appId}` (spec 001 §2).
 */
export {
  Await,
  data,
  Form,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Route,
  Router,
  RouterProvider,
  Routes,
  ScrollRestoration,
  createMemoryRouter,
  createPath,
  createRoutesFromChildren,
  createRoutesFromElements,
  createSearchParams,
  generatePath,
  isRouteErrorResponse,
  matchPath,
  matchRoutes,
  parsePath,
  redirect,
  redirectDocument,
  replace,
  renderMatches,
  resolvePath,
  useActionData,
  useAsyncError,
  useAsyncValue,
  useBeforeUnload,
  useBlocker,
  useFetcher,
  useFetchers,
  useFormAction,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLoaderData,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  useRoutes,
  useSearchParams,
  useSubmit,
  useViewTransitionState,
} from 'react-router';
export type * from 'react-router';

function targetOf(to: To): LocationTarget {
  const path = typeof to === 'string' ? parsePath(to) : to;
  return { path: path.pathname ?? '', search: path.search ?? '', hash: path.hash ?? '' };
}

const frameNavigator: Navigator = {
  createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
  encodeLocation: (to) => {
    const path = typeof to === 'string' ? parsePath(to) : to;
    return { pathname: path.pathname ?? '', search: path.search ?? '', hash: path.hash ?? '' };
  },
  go: (delta) => goLocation(delta),
  push: (to, state) => pushLocation(targetOf(to), state ?? null),
  replace: (to, state) => pushLocation(targetOf(to), state ?? null, true),
};

export interface FrameRouterProps {
  /** ignored: the frame's paths start at the app (its prefix is the shell's) */
  basename?: string;
  children?: ReactNode;
  /** HashRouter's and BrowserRouter's other props do not apply in a frame */
  [other: string]: unknown;
}

/** A router on the frame's history. Inside another router (the runtime's own, for pages) it adds nothing. */
export function BrowserRouter({ children }: FrameRouterProps) {
  const inRouter = useInRouterContext();
  const location = useSyncExternalStore(subscribeLocation, frameLocation);
  if (inRouter) return <>{children}</>;
  return (
    <Router
      location={{
        pathname: `/${location.path}`,
        search: location.search ? `?${location.search}` : '',
        hash: location.hash ? `#${location.hash}` : '',
        state: location.state,
        key: location.key,
      }}
      navigationType={location.action as never}
      navigator={frameNavigator}
    >
      {children}
    </Router>
  );
}

export const HashRouter = BrowserRouter;

type MemoryRouterOptions = NonNullable<Parameters<typeof createMemoryRouter>[1]>;

/** A data router on the frame's history: it starts where the visitor's address says and reports its moves. */
export function createBrowserRouter(
  routes: Parameters<typeof createMemoryRouter>[0],
  options: Omit<MemoryRouterOptions, 'initialEntries' | 'initialIndex'> = {},
) {
  const start = frameLocation();
  const { basename: _ignored, ...rest } = options;
  const router = createMemoryRouter(routes, {
    ...rest,
    initialEntries: [
      `/${start.path}${start.search ? `?${start.search}` : ''}${start.hash ? `#${start.hash}` : ''}`,
    ],
  });
  router.subscribe((state) => {
    const { pathname, search, hash } = state.location;
    reportDriverLocation({ path: pathname, search, hash }, state.historyAction as never);
  });
  driveLocation((target) => {
    void router.navigate(`/${target.path}${target.search ? `?${target.search}` : ''}`, { replace: true });
  });
  return router;
}

export const createHashRouter = createBrowserRouter;
