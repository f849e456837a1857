import { createBrowserRouter, Outlet, ScrollRestoration } from 'react-router';
import { AuthHandlerPage } from '@/features/auth/components/auth-handler-page';
import { LoginPage } from '@/features/auth/components/login-page';
import { LogoutPage } from '@/features/auth/components/logout-page';
import { RootRedirect } from '@/features/auth/components/require-auth';
import { VerifyEmailPage } from '@/features/auth/components/verify-email-page';
import { NotFoundPage } from '@/features/coming-soon/components/not-found-page';
import { RouteErrorPage } from '@/features/coming-soon/components/route-error-page';
import { UnauthorizedPage } from '@/features/coming-soon/components/unauthorized-page';
import { JoinPlanPage } from '@/features/plans/components/join-plan-page';
import { AppShell } from './layouts/app-shell';
import { ItemPageSoon, ShortToolLinkSoon } from './routes/coming-soon-routes';
import { HomeRoute } from './routes/home-route';
import { SettingsRoute } from './routes/settings-route';

// the builder and the public runtime load on demand: a visitor of a tool never downloads the editor
const builder = () => import('./routes/builder-routes');
const runtime = () => import('./routes/runtime-routes');
const analytics = () => import('./routes/analytics-routes');

function Root() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Every route of the spec (spec 000 §2, spec 001 §2). */
export const routes = [
  {
    element: <Root />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/', element: <RootRedirect /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/logout', element: <LogoutPage /> },
      { path: '/auth/verifyEmail', element: <VerifyEmailPage /> },
      { path: '/auth/handler', element: <AuthHandlerPage /> },
      { path: '/error/unauthorized', element: <UnauthorizedPage /> },

      // public runtime: {app base path}/tool/{toolPath} and the result path
      { path: '/app/:appId', lazy: async () => ({ Component: (await runtime()).AppHomeRoute }) },
      {
        path: '/app/:appId/tool/:toolPath',
        lazy: async () => ({ Component: (await runtime()).ToolRunRoute }),
      },
      {
        path: '/app/:appId/:resultId/tool/:toolPath',
        lazy: async () => ({ Component: (await runtime()).ToolRunRoute }),
      },
      { path: '/tool/:path', element: <ShortToolLinkSoon /> },
      { path: '/app/:appId/item/*', element: <ItemPageSoon /> },
      { path: '/item/*', element: <ItemPageSoon /> },

      // signed-in builder
      {
        element: <AppShell />,
        children: [
          { path: '/home', element: <HomeRoute />, handle: { title: 'Home' } },
          { path: '/settings', element: <SettingsRoute />, handle: { title: 'Settings' } },
          { path: '/joinPlan', element: <JoinPlanPage />, handle: { title: 'Plans' } },
          {
            path: '/analytics/app/:appId',
            lazy: async () => ({ Component: (await analytics()).AnalyticsRoute }),
            handle: { title: 'Analytics' },
          },
          {
            path: '/build/app/:appId',
            lazy: async () => ({ Component: (await builder()).BuildAppRoute }),
            handle: { title: 'Builder' },
          },
          {
            path: '/build/app/:appId/tools',
            lazy: async () => ({ Component: (await builder()).ToolsCollectionRoute }),
            handle: { title: 'Tools collection' },
          },
          {
            path: '/build/app/:appId/tool/:toolId',
            lazy: async () => ({ Component: (await builder()).ToolEditorRoute }),
            handle: { title: 'Tool editor' },
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
