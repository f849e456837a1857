import * as React from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Download, Eye, EyeOff, Loader2, ScrollText, Trash2 } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AppInsightsNav } from '@/components/app-insights-nav';
import { PageError } from '@/components/page-state';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { appQuery } from '@/lib/app-query';
import { cn } from '@/lib/utils';
import { downloadLogsCsv, privacyKey, useDeleteAllLogs, useLogs } from '../api/logs-api';
import { FILTER_KEYS, isFiltered, readFilters, type LogFilterValues } from '../lib/filters';
import { LogDetailSheet } from './log-detail-sheet';
import { LogsFilters } from './logs-filters';
import { LogsList } from './logs-list';
import { PrivacyCard } from './privacy-card';

function ListSkeleton() {
  return (
    <div className="grid gap-3 p-4" role="status" aria-label="Loading logs">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

/** /logs/app/{appId}: every tool run and assistant conversation of the app, with filters, export and privacy. */
export function LogsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [reveal, setReveal] = React.useState(false);
  const [openRun, setOpenRun] = React.useState<string | null>(params.get('run'));
  const [exporting, setExporting] = React.useState(false);
  const [exportError, setExportError] = React.useState<string | null>(null);
  const app = useQuery({ ...appQuery(appId), select: (a) => ({ header: a.header, tools: a.tools }) });
  const logs = useLogs(appId, filters, reveal);
  const removeAll = useDeleteAllLogs(appId);
  const client = useQueryClient();
  const entries = logs.data?.pages.flatMap((p) => p.items) ?? [];
  const refreshing = logs.isFetching && logs.isPlaceholderData;

  const setFilters = React.useCallback(
    (next: Partial<LogFilterValues>) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(next)) {
            if (v) out.set(k, v);
            else out.delete(k);
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  const clear = () =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        for (const k of FILTER_KEYS) out.delete(k);
        return out;
      },
      { replace: true },
    );

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      await downloadLogsCsv(appId, filters, reveal);
      if (reveal) void client.invalidateQueries({ queryKey: privacyKey(appId) });
    } catch (err) {
      setExportError(errorMessage(err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-[96rem] px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
        <Link to={`/build/app/${encodeURIComponent(appId)}`}>
          <ArrowLeft />
          Back to builder
        </Link>
      </Button>
      <div className="mt-3">
        {app.data ? (
          <h1 className="truncate text-2xl font-semibold tracking-tight">
            {app.data.header.trim() || 'Untitled app'}
          </h1>
        ) : app.isPending ? (
          <Skeleton className="h-8 w-56" />
        ) : (
          <h1 className="text-2xl font-semibold tracking-tight">App logs</h1>
        )}
      </div>
      <AppInsightsNav appId={appId} className="mt-4" />

      <div className="mt-6 grid gap-6 2xl:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-labelledby="logs-title" className="grid min-w-0 content-start gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 id="logs-title" className="text-lg font-semibold">
                Logs
              </h2>
              <p className="text-sm text-muted-foreground">
                What your users asked, and what they were answered.
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setReveal((r) => !r)}
                aria-pressed={reveal}
                title="Showing personal fields is recorded"
              >
                {reveal ? <EyeOff /> : <Eye />}
                {reveal ? 'Hide personal data' : 'Show personal data'}
              </Button>
              <Button variant="outline" size="sm" onClick={() => void exportCsv()} disabled={exporting}>
                {exporting ? <Loader2 className="animate-spin" /> : <Download />}
                Export CSV
              </Button>
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    disabled={entries.length === 0}
                  >
                    <Trash2 />
                    Delete all
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>Delete every log of this app?</AlertDialogTitle>
                    <AlertDialogDescription>
                      Every run's inputs and answer and every conversation are erased for good, whatever the
                      filters. Analytics and run limits still count them.
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Cancel</AlertDialogCancel>
                    <AlertDialogAction
                      className="bg-destructive text-white hover:bg-destructive/90"
                      onClick={() => removeAll.mutate()}
                    >
                      Delete all
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
            </div>
          </div>
          {(exportError || removeAll.isError) && (
            <p role="alert" className="text-sm text-destructive">
              {exportError ?? errorMessage(removeAll.error)}
            </p>
          )}
          <LogsFilters
            filters={filters}
            tools={app.data?.tools ?? []}
            onChange={setFilters}
            onClear={clear}
          />
          <div
            className={cn(
              'overflow-hidden rounded-xl border bg-card shadow-xs transition-opacity',
              refreshing && 'opacity-60',
            )}
            aria-busy={refreshing}
          >
            {logs.isPending ? (
              <ListSkeleton />
            ) : logs.isError ? (
              <PageError
                title="Logs couldn't be loaded"
                message={errorMessage(logs.error)}
                onRetry={() => void logs.refetch()}
                className="min-h-[40svh]"
              />
            ) : entries.length === 0 ? (
              <div className="flex min-h-[40svh] flex-col items-center justify-center gap-2 p-8 text-center">
                <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <ScrollText className="size-6" aria-hidden />
                </div>
                <h3 className="font-semibold">{isFiltered(filters) ? 'No runs match' : 'No runs yet'}</h3>
                <p className="max-w-sm text-sm text-muted-foreground">
                  {isFiltered(filters)
                    ? 'Try other filters, or clear them to see every run.'
                    : "When people use your app's tools or assistant, each run shows here."}
                </p>
              </div>
            ) : (
              <LogsList entries={entries} onOpen={setOpenRun} />
            )}
          </div>
          {logs.hasNextPage && (
            <Button
              variant="outline"
              className="justify-self-center"
              onClick={() => void logs.fetchNextPage()}
              disabled={logs.isFetchingNextPage}
            >
              {logs.isFetchingNextPage && <Loader2 className="animate-spin" />}
              Load more
            </Button>
          )}
        </section>
        <aside className="grid content-start gap-6 lg:max-w-xl 2xl:max-w-none">
          <PrivacyCard appId={appId} />
        </aside>
      </div>
      <LogDetailSheet appId={appId} runId={openRun} reveal={reveal} onClose={() => setOpenRun(null)} />
    </div>
  );
}
