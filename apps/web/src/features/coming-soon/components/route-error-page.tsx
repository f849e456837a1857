import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertTriangle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { NotFoundPage } from './not-found-page';
import { StatusPage } from './status-page';

/** Catches a render error anywhere in the routes so the user never sees a blank page. */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <StatusPage
      icon={<AlertTriangle />}
      title="Something went wrong"
      backTo="/"
      backLabel="Go home"
      standalone
      actions={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
    >
      <p>An unexpected error stopped this page. Reloading usually fixes it; your saved work is safe.</p>
    </StatusPage>
  );
}
