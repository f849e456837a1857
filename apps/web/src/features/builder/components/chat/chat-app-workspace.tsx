import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArrowLeft, Database, ExternalLink, MessagesSquare, Zap } from 'lucide-react';
import type { AppView } from '@buildai/domain';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { appQuery } from '@/lib/app-query';
import { chatSettingsOf } from '@/lib/builder-api/chat-assistant';
import { menuFor, panelTitle, type PanelId } from '@/lib/builder-menu';
import type { BuilderAccount } from '@/lib/builder-types';
import type { RenderDataSources } from '../workspace/app-workspace';
import { DataSourcesSoon } from '../workspace/coming-soon-panel';
import { MainMenu } from '@/components/builder/main-menu';

interface Props {
  /** the chat app (app type `chat`): an assistant's own app */
  app: AppView;
  account: BuilderAccount;
  renderDataSources?: RenderDataSources;
}

/**
 * The workspace of an assistant's own app (spec 001 §2 "Chat menu: only Data sources"): its data sources, which the
 * assistant answers from, and a way back to the app whose assistant it is.
 */
export function ChatAppWorkspace({ app, account, renderDataSources }: Props) {
  const parentId = app.parentAppId ?? '';
  const parent = useQuery({ ...appQuery(parentId), enabled: parentId !== '' });
  const [panel, setPanel] = React.useState<PanelId | null>(null);
  const entries = menuFor(app.appType, account);
  const open = panel && entries.includes(panel) ? panel : null;
  const parentName = parent.data ? parent.data.header.trim() || 'Untitled app' : null;
  const parentPath = `/build/app/${encodeURIComponent(parentId)}`;
  const active = parent.data ? chatSettingsOf(parent.data).status === 'active' : false;

  return (
    <div className="flex min-h-0 flex-1 flex-col lg:grid lg:h-[calc(100svh-3.5rem)] lg:flex-none lg:grid-cols-[minmax(340px,400px)_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)]">
      <aside
        aria-label="Builder"
        className="flex min-h-0 flex-col bg-background lg:overflow-hidden lg:border-r"
      >
        <div className="grid gap-2 border-b px-4 py-3">
          {parentId && (
            <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit text-muted-foreground">
              <Link to={parentPath}>
                <ArrowLeft />
                {parentName ? `Back to ${parentName}` : 'Back to the app'}
              </Link>
            </Button>
          )}
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate text-base font-semibold tracking-tight">Chat assistant</p>
              {parentName === null && parent.isPending && parentId ? (
                <Skeleton className="mt-1 h-4 w-40" />
              ) : (
                <p className="truncate text-xs text-muted-foreground">
                  {parentName ? `The assistant of ${parentName}` : 'An app’s assistant'}
                </p>
              )}
            </div>
            {parent.data && (
              <Badge variant={active ? 'success' : 'muted'}>
                {active && <Zap />}
                {active ? 'Active' : 'Draft'}
              </Badge>
            )}
          </div>
        </div>
        {!open ? (
          <div className="min-h-0 flex-1 overflow-y-auto px-3 py-4">
            <h2 className="px-1 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              Chat assistant
            </h2>
            <MainMenu appType={app.appType} entries={entries} onOpen={setPanel} />
          </div>
        ) : (
          <section aria-labelledby="builder-panel-title" className="flex min-h-0 flex-1 flex-col">
            <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
              <h2 id="builder-panel-title" className="text-sm font-semibold">
                {panelTitle(open, app.appType)}
              </h2>
              <Button size="sm" variant="secondary" onClick={() => setPanel(null)}>
                Done
              </Button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4">
              {renderDataSources ? renderDataSources(app.appId) : <DataSourcesSoon />}
            </div>
          </section>
        )}
      </aside>

      <section aria-label="About the assistant" className="min-h-0 bg-muted/40 lg:overflow-y-auto">
        <div className="mx-auto flex w-full max-w-xl flex-col items-center px-6 py-12 text-center lg:py-24">
          <div className="flex size-12 items-center justify-center rounded-2xl bg-primary/10 text-primary">
            <MessagesSquare className="size-6" />
          </div>
          <h1 className="mt-4 text-xl font-semibold tracking-tight">
            {parentName ? `${parentName}’s assistant` : 'Your chat assistant'}
          </h1>
          <p className="mt-2 text-sm text-muted-foreground">
            The assistant answers your users from these data sources: documents, pages and notes you add here.
            It can also run the active tools of the app.
          </p>
          <div className="mt-6 flex flex-wrap justify-center gap-2">
            {!open && (
              <Button onClick={() => setPanel('data')}>
                <Database />
                Add data sources
              </Button>
            )}
            {parentId && (
              <Button variant="outline" asChild>
                <a href={`/app/${encodeURIComponent(parentId)}/chat`} target="_blank" rel="noreferrer">
                  Try the assistant
                  <ExternalLink className="size-3.5" />
                </a>
              </Button>
            )}
          </div>
          {parent.data && !active && (
            <p className="mt-4 text-xs text-muted-foreground">
              The assistant is off. Turn it on in App chat of{' '}
              <Link to={parentPath} className="underline underline-offset-2">
                {parentName}
              </Link>
              .
            </p>
          )}
        </div>
      </section>
    </div>
  );
}
