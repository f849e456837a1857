import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { AppHomePage } from '@/features/runtime/components/app-home-page';
import { ToolRunPage } from '@/features/runtime/components/tool-run-page';
import { SpaceAppPage } from '@/features/space-runtime';
import { appQuery } from '@/lib/app-query';
import { NotFoundPage } from './coming-soon-routes';

export function ToolRunRoute() {
  return <ToolRunPage />;
}

/** /app/{appId}: a space app's frame, or a tool app's home (the same query decides, and the page reads it too). */
export function AppHomeRoute() {
  const { appId = '' } = useParams();
  const app = useQuery(appQuery(appId));
  if (app.data?.appType === 'space') return <SpaceAppPage appId={appId} />;
  return <AppHomePage />;
}

/** /app/{appId}/{Page}: a page of a space app; no other app has such pages. */
export function SpaceAppPageRoute() {
  const { appId = '' } = useParams();
  const app = useQuery(appQuery(appId));
  if (app.isPending) return null;
  if (app.data?.appType === 'space') return <SpaceAppPage appId={appId} />;
  return <NotFoundPage />;
}
