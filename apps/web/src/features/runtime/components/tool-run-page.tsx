import { Link, useParams } from 'react-router';
import { Info, PencilLine, SearchX } from 'lucide-react';
import { errorCatalogue } from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isAppError, isRetryable } from '@/lib/api-client';
import { useRuntimeApp } from '../api/get-app';
import { useToolRun } from '../hooks/use-tool-run';
import { MadeWithFooter } from './made-with-footer';
import { RunResult } from './run-result';
import { ToolForm } from './tool-form';

/**
 * The public page of a tool, `/app/:appId/tool/:toolPath` (and the result path with `:resultId`): no sign-in,
 * no builder chrome.
 */
export function ToolRunPage() {
  const { appId = '', toolPath = '', resultId } = useParams();
  const app = useRuntimeApp(appId);
  const tool = app.data?.tools.find((t) => t.path === toolPath);
  const run = useToolRun(appId, toolPath);

  return (
    <div className="flex min-h-svh flex-col bg-gradient-to-b from-indigo-50/70 via-background to-background">
      <main className="mx-auto w-full max-w-2xl flex-1 px-4 pt-10 sm:px-6 sm:pt-16">
        {app.isPending ? (
          <RunPageSkeleton />
        ) : app.isError || !tool ? (
          <Unavailable
            message={
              app.isError
                ? isAppError(app.error) && app.error.status === 404
                  ? app.error.message
                  : errorMessage(app.error)
                : errorCatalogue['tool/not-found'].message
            }
            retry={app.isError && isRetryable(app.error) ? () => void app.refetch() : undefined}
          />
        ) : (
          <div className="grid gap-6">
            {app.data.isOwner && (
              <OwnerBanner
                editPath={`/build/app/${encodeURIComponent(appId)}/tool/${encodeURIComponent(tool.toolId)}`}
                draft={tool.status !== 'active' || !app.data.isPublished}
              />
            )}
            {resultId && (
              <Alert variant="info">
                <Info />
                <AlertDescription>
                  Saved results can't be opened yet — that's coming soon. You can run the tool again below.
                </AlertDescription>
              </Alert>
            )}
            <section className="rounded-2xl border bg-card p-5 shadow-sm sm:p-8">
              <ToolForm
                app={tool.app}
                running={run.state.status === 'loading'}
                onGenerate={(inputs) => void run.run(inputs)}
                onStop={run.stop}
              />
            </section>
            <RunResult state={run.state} />
          </div>
        )}
      </main>
      <MadeWithFooter />
    </div>
  );
}

function OwnerBanner({ editPath, draft }: { editPath: string; draft: boolean }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-background/80 px-4 py-3 text-sm shadow-xs">
      <span className="text-muted-foreground">
        {draft
          ? 'Only you can see this page until the tool is active and the app is published.'
          : 'You own this tool.'}
      </span>
      <Button size="sm" variant="outline" asChild>
        <Link to={editPath}>
          <PencilLine />
          Edit tool
        </Link>
      </Button>
    </div>
  );
}

function Unavailable({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center shadow-sm">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold">This tool isn't available</h1>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        {message.replace(/\.$/, '')}. The link may be wrong, or its owner hasn't published it yet.
      </p>
      {retry && (
        <Button variant="outline" className="mt-6" onClick={retry}>
          Try again
        </Button>
      )}
    </div>
  );
}

function RunPageSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading the tool">
      <div className="rounded-2xl border bg-card p-5 sm:p-8">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="mt-3 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-4/5" />
        <Skeleton className="mt-8 h-4 w-24" />
        <Skeleton className="mt-2 h-9 w-full" />
        <Skeleton className="mt-5 h-4 w-32" />
        <Skeleton className="mt-2 h-24 w-full" />
        <Skeleton className="mt-6 h-10 w-36" />
      </div>
    </div>
  );
}
