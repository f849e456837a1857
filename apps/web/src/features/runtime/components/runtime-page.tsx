import type { RuntimeRoute } from '../lib/paths';
import { AppHomePage } from './app-home-page';
import { ToolRunPage } from './tool-run-page';

/** The page of a tool app under `/app/{appId}`: its home (the tools) or a tool with, after a run, its result. */
export function RuntimePage({ route }: { route: Exclude<RuntimeRoute, { page: 'item' }> }) {
  if (route.page === 'home') return <AppHomePage appId={route.appId} />;
  return <ToolRunPage appId={route.appId} toolPath={route.toolPath} resultId={route.resultId} />;
}
