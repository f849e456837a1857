import * as React from 'react';
import { AlertCircle, Check, Clock, Copy, Link2, PauseCircle, RotateCcw, ServerCog } from 'lucide-react';
import type { LogRating } from '@buildai/domain';
import { AnswerRating } from '@/components/answer-rating';
import { Markdown } from '@/components/markdown/markdown';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { RUN_LIMIT_CODES, type RunState } from '../lib/run-state';

// the sources of a result that drew on data sources load only then: most tool pages never show them (their popover
// stays out of the result's chunk; docs/decisions/0005 "Page weight")
const Citations = React.lazy(() => import('@/components/citations').then((m) => ({ default: m.Citations })));

/** Codes of the per-user run limits (answered 429 before the run starts). */

interface Props {
  state: RunState;
  /** Success or Error → Idle */
  onRunAgain?: () => void;
  /** the result's own address, offered as a link to copy */
  shareUrl?: string;
  /** a line under the title, e.g. when a saved result was made */
  caption?: string;
  /** the end user's rating of the finished run (decision 0018) */
  onRate?: (runId: string, rating: LogRating, reason?: string) => Promise<unknown>;
  /** the rating the user already gave this result (a saved result opened again) */
  rating?: LogRating | null;
}

function useCopied(): [string | null, (what: string, text: string) => void] {
  const [copied, setCopied] = React.useState<string | null>(null);
  const copy = React.useCallback((what: string, text: string) => {
    navigator.clipboard?.writeText(text).then(
      () => {
        setCopied(what);
        setTimeout(() => setCopied(null), 1500);
      },
      () => setCopied(null),
    );
  }, []);
  return [copied, copy];
}

/** The answer: thinking, streaming, done, stopped or failed; a run limit shows as a calm notice. */
export function RunResult({ state, onRunAgain, shareUrl, caption, onRate, rating = null }: Props) {
  const [copied, copy] = useCopied();
  const streaming = state.status === 'loading';
  if (state.status === 'idle') return null;
  const limited = state.error && RUN_LIMIT_CODES.includes(state.error.code);
  const done = state.status === 'success';

  return (
    <div className="grid gap-4" aria-live="polite" aria-busy={streaming}>
      {state.error &&
        (limited ? <LimitNotice message={state.error.message} /> : <RunError {...state.error} />)}
      {(state.text || streaming) && (
        <section aria-label="Result" className="rounded-2xl border bg-card text-card-foreground shadow-sm">
          <header className="flex min-h-12 flex-wrap items-center justify-between gap-2 border-b px-4 py-2 sm:px-5">
            <div className="min-w-0">
              <h2 className="text-sm font-medium">Result</h2>
              {caption && <p className="text-xs text-muted-foreground">{caption}</p>}
            </div>
            <div className="flex flex-wrap items-center gap-1">
              {done && state.runId && onRate && (
                <AnswerRating
                  key={state.runId}
                  initial={rating}
                  what="result"
                  onRate={(rating, reason) => onRate(state.runId!, rating, reason)}
                />
              )}
              {state.model && streaming && (
                <span className="text-xs text-muted-foreground">{state.model}</span>
              )}
              {done && state.text && (
                <Button variant="ghost" size="sm" onClick={() => copy('text', state.text)}>
                  {copied === 'text' ? <Check /> : <Copy />}
                  {copied === 'text' ? 'Copied' : 'Copy'}
                </Button>
              )}
              {done && shareUrl && (
                <Button variant="ghost" size="sm" onClick={() => copy('link', shareUrl)}>
                  {copied === 'link' ? <Check /> : <Link2 />}
                  {copied === 'link' ? 'Link copied' : 'Copy link'}
                </Button>
              )}
            </div>
          </header>
          <div className="px-4 py-4 sm:px-5">
            {state.text ? (
              <div className="text-[15px] leading-7 break-words">
                <Markdown text={state.text} />
                {streaming && (
                  <span className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse rounded-sm bg-primary" />
                )}
              </div>
            ) : (
              <div className="grid gap-2.5" role="status" aria-label="Thinking">
                <Skeleton className="h-4 w-11/12" />
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-4 w-2/3" />
              </div>
            )}
            {state.text && state.citations?.length ? (
              <React.Suspense fallback={null}>
                <Citations citations={state.citations} className="mt-4 border-t pt-3" />
              </React.Suspense>
            ) : null}
          </div>
        </section>
      )}
      {state.cancelled && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <PauseCircle className="size-4" /> Generation stopped.
        </p>
      )}
      {onRunAgain && (done || (state.status === 'error' && !limited)) && (
        <div>
          <Button variant="outline" onClick={onRunAgain}>
            <RotateCcw />
            Run again
          </Button>
        </div>
      )}
    </div>
  );
}

function LimitNotice({ message }: { message: string }) {
  return (
    <div
      role="status"
      data-testid="run-limit-notice"
      className="flex gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3.5 text-amber-900 shadow-xs dark:border-amber-300/25 dark:bg-amber-300/10 dark:text-amber-100"
    >
      <Clock className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-300" />
      <div className="grid gap-0.5 text-sm">
        <p className="font-medium">Run limit reached</p>
        <p className="leading-relaxed">{message}</p>
        <p className="text-amber-800/80 dark:text-amber-100/70">Your answers are still here for next time.</p>
      </div>
    </div>
  );
}

function RunError({ code, message }: { code: string; message: string }) {
  const notConfigured = code === 'ai/not-configured';
  const unavailable = code === 'ai/unavailable';
  return (
    <Alert variant="destructive">
      {notConfigured || unavailable ? <ServerCog /> : <AlertCircle />}
      <AlertTitle>
        {notConfigured
          ? 'AI is not set up on this server'
          : unavailable
            ? "This tool isn't available right now"
            : "The answer couldn't be generated"}
      </AlertTitle>
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}
