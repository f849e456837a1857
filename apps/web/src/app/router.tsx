import * as React from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { RouterNavigation } from '@/lib/router-navigation';

/**
 * Every page loads on demand (docs/decisions/0005 "Page weight"): the first download of any address is React, the
 * router, TanStack Query and the session; a visitor of a tool never downloads the editor, the sign-in forms or the
 * charts. Modules that group several pages are imported once and shared.
 */
const builder = () => import('./routes/builder-routes');
const runtime = () => import('./routes/runtime-routes');
const analytics = () => import('./routes/analytics-routes');
const evaluations = () => import('./routes/evaluations-routes');
const logs = () => import('./routes/logs-routes');
const login = () => import('./routes/login-routes');
const auth = () => import('./routes/auth-routes');
const shell = () => import('./routes/shell-routes');
const statusPages = () => import('./routes/coming-soon-routes');
const claim = () => import('./routes/claim-routes');
// shown only when a page fails: loaded then, not with every page
const RouteErrorPage = React.lazy(() =>
  import('./routes/coming-soon-routes').then((m) => ({ default: m.RouteErrorPage })),
);

/** A route whose component is the export `name` of a lazily imported module. */
function page<M>(
  load: () => Promise<M>,
  name: { [K in keyof M]: M[K] extends React.ComponentType ? K : never }[keyof M],
) {
  return { lazy: async () => ({ Component: (await load())[name] as React.ComponentType }) };
}

function Root() {
  return (
    <RouterNavigation>
      <Outlet />
      <ScrollRestoration />
    </RouterNavigation>
  );
}

/** Every route of the spec (spec 000 §2, spec 001 §2). */
export const routes = [
  {
    element: <Root />,
    // shown while the first page's code loads (a blank moment, not a spinner that flashes)
    HydrateFallback: () => null,
    errorElement: (
      <React.Suspense fallback={null}>
        <RouteErrorPage />
      </React.Suspense>
    ),
    children: [
      { path: '/', ...page(login, 'RootRedirect') },
      { path: '/login', ...page(login, 'LoginPage') },
      { path: '/logout', ...page(auth, 'LogoutPage') },
      { path: '/auth/verifyEmail', ...page(auth, 'VerifyEmailPage') },
      { path: '/auth/handler', ...page(auth, 'AuthHandlerPage') },
      { path: '/error/unauthorized', ...page(statusPages, 'UnauthorizedPage') },
      // an invite link to claim an app: open to visitors, who sign in or up and come back
      { path: '/claim/:invitationId', ...page(claim, 'ClaimRoute') },
      // an invitation to edit an app with its owner: accepted signed in with the invited address
      { path: '/collaborate', ...page(claim, 'CollaborateRoute') },

      // public runtime: {app base path}/tool/{toolPath}, the result path, item pages; a fresh visit gets the
      // public pages' own document from the server (runtime.html), which renders the same root
      { path: '/app/*', ...page(runtime, 'RuntimeRoute') },
      // the assistant widget's frame (served with the public pages' document; here for a link followed in-app)
      { path: '/embed/*', ...page(runtime, 'RuntimeRoute') },
      // the short link of a tool on the product's host, which names no app: it finds the app (or lets one pick)
      { path: '/tool/:path', ...page(statusPages, 'ShortToolLink') },
      // item pages live under an app's address (`/app/{appId}/item/…`, `/item/…` on its own domain)
      { path: '/item/*', ...page(statusPages, 'NotFoundPage') },

      // signed-in builder
      {
        ...page(shell, 'AppShell'),
        children: [
          { path: '/home', ...page(shell, 'HomeRoute'), handle: { title: 'Home' } },
          { path: '/settings', ...page(shell, 'SettingsRoute'), handle: { title: 'Settings' } },
          { path: '/joinPlan', ...page(shell, 'JoinPlanPage'), handle: { title: 'Plans' } },
          {
            path: '/analytics/app/:appId',
            ...page(analytics, 'AnalyticsRoute'),
            handle: { title: 'Analytics' },
          },
          {
            path: '/evaluations/app/:appId/:target',
            ...page(evaluations, 'EvaluationRoute'),
            handle: { title: 'Evaluation' },
          },
          { path: '/logs/app/:appId', ...page(logs, 'LogsRoute'), handle: { title: 'Logs' } },
          { path: '/users/app/:appId', ...page(logs, 'UsersRoute'), handle: { title: 'Users' } },
          { path: '/build/app/:appId', ...page(builder, 'BuildAppRoute'), handle: { title: 'Builder' } },
          {
            path: '/build/app/:appId/tools',
            ...page(builder, 'ToolsCollectionRoute'),
            handle: { title: 'Tools collection' },
          },
          {
            path: '/build/app/:appId/tool/:toolId',
            ...page(builder, 'ToolEditorRoute'),
            handle: { title: 'Tool editor' },
          },
        ],
      },
      { path: '*', ...page(statusPages, 'NotFoundPage') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
