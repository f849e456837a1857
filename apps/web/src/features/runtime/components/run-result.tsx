import * as React from 'react';
import { AlertCircle, Check, Copy, FileText, PauseCircle, ServerCog } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import type { RunState } from '../hooks/use-tool-run';

/** The streamed answer: empty, thinking, streaming, done, stopped or failed. */
export function RunResult({ state }: { state: RunState }) {
  const [copied, setCopied] = React.useState(false);
  const streaming = state.status === 'loading';

  if (state.status === 'idle') {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed px-6 py-10 text-center text-muted-foreground">
        <FileText className="size-6" />
        <p className="mt-2 text-sm">Your result will appear here.</p>
      </div>
    );
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(state.text);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="grid gap-4" aria-live="polite" aria-busy={streaming}>
      {state.error && <RunError code={state.error.code} message={state.error.message} />}
      {(state.text || streaming) && (
        <section className="rounded-xl border bg-card shadow-xs">
          <header className="flex h-12 items-center justify-between gap-2 border-b px-4">
            <h2 className="text-sm font-medium">Result</h2>
            <div className="flex items-center gap-2">
              {state.model && <span className="text-xs text-muted-foreground">{state.model}</span>}
              {state.status === 'success' && state.text && (
                <Button variant="ghost" size="sm" onClick={() => void copy()}>
                  {copied ? <Check /> : <Copy />}
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </div>
          </header>
          <div className="px-4 py-4 sm:px-5">
            {state.text ? (
              <div className="text-[15px] leading-7 break-words whitespace-pre-wrap">
                {state.text}
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
          </div>
        </section>
      )}
      {state.cancelled && (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <PauseCircle className="size-4" /> Generation stopped.
        </p>
      )}
    </div>
  );
}

function RunError({ code, message }: { code: string; message: string }) {
  const notConfigured = code === 'ai/not-configured';
  return (
    <Alert variant="destructive">
      {notConfigured ? <ServerCog /> : <AlertCircle />}
      <AlertTitle>
        {notConfigured ? 'AI is not set up on this server' : "The answer couldn't be generated"}
      </AlertTitle>
      <AlertDescription>
        <p>{message}</p>
      </AlertDescription>
    </Alert>
  );
}
