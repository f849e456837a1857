import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { PageError } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage, isAppError } from '@/lib/api-client';
import { formatDay } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useAnalytics, useAppName } from '../api/get-analytics';
import { fillDays, parseRange } from '../lib/series';
import { AnalyticsSkeleton, NoRunsState, NotPublishedState } from './analytics-states';
import { DailyChart } from './daily-chart';
import { RangePicker } from './range-picker';
import { SourcesCard } from './sources-card';
import { TotalsCards } from './totals-cards';
import { ToolsTable } from './tools-table';

/** /analytics/app/{appId}: runs, unique users and tokens per day and per tool, for the last 7, 30 or 90 days. */
export function AnalyticsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const days = parseRange(params.get('days'));
  const analytics = useAnalytics(appId, days);
  const data = analytics.data;
  const notPublished = isAppError(analytics.error) && analytics.error.code === 'analytics/not-published';
  const name = useAppName(appId, !data && analytics.isError);
  const header = data?.header ?? name.data;
  const builderPath = `/build/app/${encodeURIComponent(appId)}`;
  const appPath = `/app/${encodeURIComponent(appId)}`;
  const refreshing = analytics.isFetching && analytics.isPlaceholderData;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <Button variant="ghost" size="sm" asChild className="-ml-2 text-muted-foreground">
        <Link to={builderPath}>
          <ArrowLeft />
          Back to builder
        </Link>
      </Button>
      <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          {header !== undefined ? (
            <h1 className="truncate text-2xl font-semibold tracking-tight">
              {header.trim() || 'Untitled app'}
            </h1>
          ) : analytics.isPending || name.isPending ? (
            <Skeleton className="h-8 w-56" />
          ) : (
            <h1 className="text-2xl font-semibold tracking-tight">App analytics</h1>
          )}
          {!notPublished && (
            <p className="mt-1 flex items-center gap-2 text-sm text-muted-foreground">
              {data && !analytics.isPlaceholderData
                ? `${formatDay(data.from, true)} – ${formatDay(data.to, true)} (UTC)`
                : `Last ${days} days`}
              {refreshing && <Loader2 className="size-3.5 animate-spin" aria-label="Updating" />}
            </p>
          )}
        </div>
        {!notPublished && (
          <RangePicker
            value={days}
            onChange={(r) =>
              setParams(
                (prev) => {
                  const next = new URLSearchParams(prev);
                  next.set('days', String(r));
                  return next;
                },
                { replace: true },
              )
            }
          />
        )}
      </div>

      <div className={cn('mt-6 transition-opacity', refreshing && 'opacity-60')} aria-busy={refreshing}>
        {analytics.isPending ? (
          <AnalyticsSkeleton />
        ) : notPublished ? (
          <NotPublishedState builderPath={builderPath} />
        ) : analytics.isError || !data ? (
          <PageError
            title="Analytics couldn't be loaded"
            message={errorMessage(analytics.error)}
            onRetry={() => void analytics.refetch()}
            className="min-h-[40svh] rounded-2xl border bg-card"
          />
        ) : data.totals.runs === 0 ? (
          <NoRunsState appPath={appPath} days={days} />
        ) : (
          <div className="grid gap-6">
            <TotalsCards data={data} days={days} />
            <section aria-labelledby="daily-title" className="rounded-xl border bg-card p-4 shadow-xs sm:p-6">
              <h2 id="daily-title" className="mb-4 font-semibold">
                Daily activity
              </h2>
              <DailyChart days={fillDays(data.days, data.from, data.to)} />
            </section>
            <SourcesCard sources={data.sources} />
            <section
              aria-labelledby="tools-title"
              className="overflow-hidden rounded-xl border bg-card shadow-xs"
            >
              <div className="border-b px-4 py-4 sm:px-6">
                <h2 id="tools-title" className="font-semibold">
                  Tools
                </h2>
                <p className="text-sm text-muted-foreground">
                  Runs, users and tokens of each tool in the range.
                </p>
              </div>
              <ToolsTable tools={data.tools} from={data.from} to={data.to} />
            </section>
          </div>
        )}
      </div>
    </div>
  );
}
