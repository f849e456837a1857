import * as React from 'react';
import { LayoutTemplate, Sparkles } from 'lucide-react';
import { PageError } from '@/components/page-state';
import { Button, type ButtonProps } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useApps } from '../api/list-apps';
import { AppCard, AppCardSkeleton } from './app-card';
import { AppTemplatesDialog } from './app-templates-dialog';
import { DescribeAppBox } from './describe-app';
import { NewAppMenu, NewToolButton } from './new-tool-button';

/** /home: the builder's apps. */
export function AppsHome() {
  const apps = useApps();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">Your apps</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Describe an app and the chat builds it; publish it and share the link.
          </p>
        </div>
        <div className="flex gap-2 self-start sm:self-auto">
          <StartFromTemplate variant="outline" />
          <NewAppMenu variant={apps.data?.length ? 'default' : 'outline'} />
        </div>
      </div>

      <div className="mt-6">
        <DescribeAppBox />
      </div>

      <section className="mt-8" aria-busy={apps.isPending}>
        {apps.isPending ? (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <AppCardSkeleton key={i} />
            ))}
          </div>
        ) : apps.isError ? (
          <PageError
            title="We couldn't load your apps"
            message={errorMessage(apps.error)}
            onRetry={() => void apps.refetch()}
          />
        ) : apps.data.length === 0 ? (
          <EmptyApps />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {apps.data.map((app) => (
              <li key={app.appId} className="grid">
                <AppCard app={app} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function EmptyApps() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-muted/30 px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-2xl bg-gradient-to-br from-indigo-500 to-violet-600 text-white shadow-md">
        <Sparkles className="size-6" />
      </div>
      <h2 className="mt-4 text-lg font-semibold">No apps yet</h2>
      <p className="mt-2 max-w-md text-sm text-muted-foreground">
        Describe one above and the chat builds it, named after what you asked for. Or start with a single AI
        tool: a prompt, the fields your users fill in, and a link.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <NewToolButton variant="outline" />
      </div>
    </div>
  );
}

/** "Start from a template": opens the app templates collection. */
function StartFromTemplate(props: Omit<ButtonProps, 'onClick'>) {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <Button type="button" {...props} onClick={() => setOpen(true)}>
        <LayoutTemplate />
        Start from a template
      </Button>
      <AppTemplatesDialog open={open} onOpenChange={setOpen} />
    </>
  );
}
