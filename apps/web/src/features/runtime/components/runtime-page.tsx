import * as React from 'react';
import type { RuntimeRoute } from '../lib/paths';
import { ToolRunPage } from './tool-run-page';

// The app's home (the grid of its tools) loads when it is visited: a tool's page, the page people share, does not
// download it (docs/decisions/0005 "Page weight").
const AppHomePage = React.lazy(() => import('./app-home-page').then((m) => ({ default: m.AppHomePage })));

/**
 * The page of a tool app under `/app/{appId}`: its home (the tools) or a tool with, after a run, its result.
 * `onMembershipRequired` hears a run refused because the app asks for a membership the visitor does not have.
 */
export function RuntimePage({
  route,
  onMembershipRequired,
}: {
  route: Extract<RuntimeRoute, { page: 'home' | 'tool' }>;
  onMembershipRequired?: () => void;
}) {
  if (route.page === 'home')
    return (
      <React.Suspense fallback={null}>
        <AppHomePage appId={route.appId} />
      </React.Suspense>
    );
  return (
    <ToolRunPage
      appId={route.appId}
      toolPath={route.toolPath}
      resultId={route.resultId}
      onMembershipRequired={onMembershipRequired}
    />
  );
}
