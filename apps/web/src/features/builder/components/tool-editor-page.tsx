import { Link, useParams } from 'react-router';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isRetryable } from '@/lib/api-client';
import { useBuilderApp } from '../api/get-app';
import { ToolEditor, type RenderPreview } from './tool-editor';

/** /build/app/:appId/tool/:toolId */
export function ToolEditorPage({ renderPreview }: { renderPreview: RenderPreview }) {
  const { appId = '', toolId = '' } = useParams();
  const app = useBuilderApp(appId);

  if (app.isPending) return <EditorSkeleton />;
  if (app.isError)
    return (
      <PageError
        title="We couldn't open this app"
        message={errorMessage(app.error)}
        onRetry={isRetryable(app.error) ? () => void app.refetch() : undefined}
      >
        <BackHome />
      </PageError>
    );
  const tool = app.data.tools.find((t) => t.toolId === toolId);
  if (!tool)
    return (
      <PageError
        title="Tool not found"
        message="This app has no tool with that id. It may have been deleted."
      >
        <BackHome />
      </PageError>
    );
  if (!app.data.isOwner)
    return (
      <PageError title="You can't edit this app" message="Only the builder who owns this app can edit it.">
        <BackHome />
      </PageError>
    );
  return <ToolEditor key={tool.toolId} app={app.data} tool={tool} renderPreview={renderPreview} />;
}

function BackHome() {
  return (
    <Button variant="ghost" asChild>
      <Link to="/home">Back to your apps</Link>
    </Button>
  );
}

function EditorSkeleton() {
  return (
    <div
      className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8"
      aria-busy="true"
      aria-label="Loading the editor"
    >
      <Skeleton className="h-3 w-28" />
      <Skeleton className="mt-2 h-7 w-64" />
      <Skeleton className="mt-3 h-5 w-48" />
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_400px]">
        <div className="grid gap-6">
          {[0, 1, 2].map((i) => (
            <div key={i} className="rounded-xl border p-6">
              <Skeleton className="h-5 w-32" />
              <Skeleton className="mt-2 h-4 w-64" />
              <Skeleton className="mt-6 h-9 w-full" />
              <Skeleton className="mt-4 h-20 w-full" />
            </div>
          ))}
        </div>
        <Skeleton className="hidden h-96 rounded-xl lg:block" />
      </div>
    </div>
  );
}
