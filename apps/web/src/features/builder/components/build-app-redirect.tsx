import type * as React from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageError, PageLoader } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { errorMessage, isRetryable } from '@/lib/api-client';
import { useBuilderApp } from '../api/get-app';

/** /build/app/:appId — a tool app opens its first tool's editor. */
export function BuildAppRedirect({ comingSoon }: { comingSoon: React.ReactNode }) {
  const { appId = '' } = useParams();
  const app = useBuilderApp(appId);
  if (app.isPending) return <PageLoader label="Opening your app…" />;
  if (app.isError)
    return (
      <PageError
        title="We couldn't open this app"
        message={errorMessage(app.error)}
        onRetry={isRetryable(app.error) ? () => void app.refetch() : undefined}
      >
        <Button variant="ghost" asChild>
          <Link to="/home">Back to your apps</Link>
        </Button>
      </PageError>
    );
  const first = app.data.tools[0];
  if (app.data.appType === 'tool' && first)
    return (
      <Navigate
        to={`/build/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(first.toolId)}`}
        replace
      />
    );
  return comingSoon;
}
