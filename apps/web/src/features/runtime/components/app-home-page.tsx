import * as React from 'react';
import { ArrowRight, PencilLine, Sparkles } from 'lucide-react';
import type { ToolSummary } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isAppError, isRetryable } from '@/lib/api-client';
import { Link, Redirect } from '@/lib/page-location';
import { useRuntimeApp } from '../api/get-app';
import { toolPagePath } from '../lib/paths';
import { AppLogo, AppThemeScope, BrandedHeading } from './app-theme';
import { MadeWithFooter } from './made-with-footer';
import { Unavailable } from './unavailable';

const NOT_FOUND =
  "This app doesn't exist, or its owner hasn't published it yet. Check the link and try again.";
/** A published app whose tools are all drafts: it exists, there is just nothing to run yet. */
const NOT_YET = "Its owner hasn't made any of its tools available yet. Please check back later.";
const NO_ACTIVE_TOOL =
  'All tools of this app are drafts. Make a tool active in the builder so people can use it.';

/** /app/{appId}: the app's home for end users. One live tool opens directly; several show as a branded grid. */
export function AppHomePage({ appId }: { appId: string }) {
  const app = useRuntimeApp(appId);
  const tools = (app.data?.tools ?? []).filter((t) => t.status === 'active');
  const visible = app.data && (app.data.isPublished || app.data.isOwner) && tools.length > 0;

  React.useEffect(() => {
    if (app.data?.header) document.title = app.data.header;
  }, [app.data?.header]);

  if (visible && tools.length === 1) return <Redirect to={toolPagePath(appId, tools[0]!.path)} />;

  const style = app.data?.appStyle;
  return (
    <AppThemeScope appStyle={style} className="flex min-h-svh flex-col pt-[var(--app-account-top,0px)]">
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 pt-8 pb-4 sm:px-6 sm:pt-14">
        {app.isPending ? (
          <HomeSkeleton />
        ) : app.isError && !(isAppError(app.error) && app.error.status === 404) ? (
          <div className="mx-auto max-w-xl">
            <Unavailable
              title="This app couldn't be loaded"
              message={errorMessage(app.error)}
              retry={isRetryable(app.error) ? () => void app.refetch() : undefined}
            />
          </div>
        ) : !visible ? (
          <div className="mx-auto max-w-xl">
            <Unavailable
              {...(!app.data || (!app.data.isPublished && !app.data.isOwner)
                ? { title: 'App not found', message: NOT_FOUND }
                : app.data.isOwner
                  ? { title: 'No active tool yet', message: NO_ACTIVE_TOOL }
                  : { title: "This app isn't available yet", message: NOT_YET })}
            >
              {app.data?.isOwner && (
                <Button asChild>
                  <Link to={`/build/app/${encodeURIComponent(appId)}`}>
                    <PencilLine />
                    Open the builder
                  </Link>
                </Button>
              )}
            </Unavailable>
          </div>
        ) : (
          <div className="grid gap-8 sm:gap-10">
            {app.data!.isOwner && !app.data!.isPublished && (
              <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-background/85 px-4 py-3 text-sm text-foreground shadow-xs backdrop-blur">
                <span className="text-muted-foreground">
                  Only you can see this page until the app is published.
                </span>
                <Button size="sm" variant="outline" asChild>
                  <Link to={`/build/app/${encodeURIComponent(appId)}`}>
                    <PencilLine />
                    Open the builder
                  </Link>
                </Button>
              </div>
            )}
            <div className="grid justify-items-center gap-4 text-center">
              <AppLogo appStyle={style} name={app.data!.header} />
              <BrandedHeading
                header={app.data!.header}
                description={app.data!.description}
                placeholder="Untitled app"
                className="max-w-2xl justify-items-center"
              />
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Tools">
              {tools.map((t) => (
                <li key={t.toolId}>
                  <ToolCard appId={appId} tool={t} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </main>
      {!style?.hideBuildAI && <MadeWithFooter />}
    </AppThemeScope>
  );
}

function ToolCard({ appId, tool }: { appId: string; tool: ToolSummary }) {
  const title = tool.title.trim() || tool.app.header.trim() || 'Untitled tool';
  const description = tool.app.description.trim();
  return (
    <Link
      to={toolPagePath(appId, tool.path)}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm transition-all outline-none hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <div className="aspect-[16/9] overflow-hidden bg-muted">
        {tool.imageUrl ? (
          <img
            src={tool.imageUrl}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-gradient-to-br from-primary/15 via-accent to-primary/5">
            <Sparkles className="size-8 text-primary/70" />
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1.5 p-4">
        <h2 className="font-semibold tracking-tight">{title}</h2>
        {description && <p className="line-clamp-2 text-sm text-muted-foreground">{description}</p>}
        <span className="mt-auto flex items-center gap-1 pt-2 text-sm font-medium text-primary">
          Open
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </Link>
  );
}

function HomeSkeleton() {
  return (
    <div className="grid gap-10" aria-busy="true" aria-label="Loading the app">
      <div className="grid justify-items-center gap-3">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="overflow-hidden rounded-2xl border bg-card">
            <Skeleton className="aspect-[16/9] rounded-none" />
            <div className="grid gap-2 p-4">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
