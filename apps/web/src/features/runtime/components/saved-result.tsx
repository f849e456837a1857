import { FileQuestion } from 'lucide-react';
import type { LogRating } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { isAppError } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/format';
import type { SavedRun } from '../api/get-run';
import { IDLE_RUN, type RunState } from '../lib/run-state';
import { RunResult } from './run-result';

/** A stored run as the result view shows it. */
export function savedRunState(run: SavedRun): RunState {
  const failed = run.status === 'failed';
  return {
    ...IDLE_RUN,
    status: failed && !run.output ? 'error' : 'success',
    runId: run.runId,
    text: run.output,
    // the sources it drew on, as the live run listed them (a run stored before they were kept has none)
    citations: run.citations ?? [],
    error:
      failed && !run.output ? { code: 'run/failed', message: 'This run stopped before it finished.' } : null,
  };
}

interface Props {
  query: { isPending: boolean; isError: boolean; error: unknown; data?: SavedRun; refetch: () => unknown };
  shareUrl: string;
  onRunAgain: () => void;
  /** rates the result: offered only on the caller's own run (a shared link's reader may not rate it) */
  onRate?: (runId: string, rating: LogRating, reason?: string) => Promise<unknown>;
}

/** The result a result path names (`/app/{appId}/{resultId}/tool/{toolPath}`), loaded by its id. */
export function SavedResult({ query, shareUrl, onRunAgain, onRate }: Props) {
  if (query.isPending) {
    return (
      <div className="rounded-2xl border bg-card p-5 shadow-sm" role="status" aria-label="Loading the result">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-4 h-4 w-11/12" />
        <Skeleton className="mt-2.5 h-4 w-4/5" />
        <Skeleton className="mt-2.5 h-4 w-2/3" />
      </div>
    );
  }
  if (query.isError || !query.data) {
    const gone = isAppError(query.error) && query.error.status === 404;
    return (
      <div className="flex flex-col items-start gap-3 rounded-2xl border bg-card p-5 text-card-foreground shadow-sm sm:flex-row sm:items-center">
        <FileQuestion className="size-6 shrink-0 text-muted-foreground" />
        <div className="min-w-0 flex-1">
          <p className="font-medium">This result isn't available</p>
          <p className="text-sm text-muted-foreground">
            {gone ? 'The link may be wrong, or the result was deleted.' : 'It could not be loaded just now.'}
          </p>
        </div>
        <div className="flex gap-2">
          {!gone && (
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              Try again
            </Button>
          )}
          <Button size="sm" onClick={onRunAgain}>
            Run the tool
          </Button>
        </div>
      </div>
    );
  }
  const run = query.data;
  const when = formatRelativeTime(run.createdAt);
  return (
    <RunResult
      state={savedRunState(run)}
      shareUrl={shareUrl}
      caption={when ? `Generated ${when}` : undefined}
      onRunAgain={onRunAgain}
      onRate={run.yours ? onRate : undefined}
      rating={run.rating}
    />
  );
}
