import * as React from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, Loader2, RotateCw, ServerCog } from 'lucide-react';
import { errorCatalogue, type FunctionCall } from '@buildai/domain';
import { PageError } from '@/components/page-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { functionLogQuery } from '../api/function-log';

const errorTitle = (code: string | null) =>
  code && code in errorCatalogue
    ? errorCatalogue[code as keyof typeof errorCatalogue].message
    : 'The function failed';

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function CallRow({ call }: { call: FunctionCall }) {
  const [open, setOpen] = React.useState(!call.ok);
  const hasDetails = call.logs.length > 0 || !!call.error;
  return (
    <li className="border-b last:border-b-0" data-ok={call.ok}>
      <button
        type="button"
        className="flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm hover:bg-muted/50 disabled:cursor-default"
        onClick={() => setOpen(!open)}
        disabled={!hasDetails}
        aria-expanded={hasDetails ? open : undefined}
      >
        <ChevronRight
          className={cn(
            'size-4 shrink-0 text-muted-foreground transition-transform',
            open && 'rotate-90',
            !hasDetails && 'invisible',
          )}
          aria-hidden
        />
        <span className="min-w-0 flex-1 truncate font-mono text-xs">functions/{call.name}.ts</span>
        {call.ok ? (
          <Badge variant="success">OK</Badge>
        ) : (
          <Badge variant="destructive" title={call.errorCode ?? undefined}>
            Error
          </Badge>
        )}
        <span className="hidden w-20 text-right text-xs text-muted-foreground tabular-nums sm:inline">
          {call.durationMs} ms
        </span>
        <span className="hidden w-24 text-xs text-muted-foreground md:inline">
          {call.source === 'preview' ? 'Preview' : 'Published'} · {call.callerKind}
        </span>
        <span className="w-16 text-right text-xs text-muted-foreground tabular-nums">
          {time(call.createdAt)}
        </span>
      </button>
      {open && hasDetails && (
        <div className="space-y-2 px-4 pb-3 pl-11">
          {!call.ok && (
            <div className="rounded-md border border-destructive/30 bg-destructive/5 p-2 text-xs">
              <p className="font-medium text-destructive">{errorTitle(call.errorCode)}</p>
              {call.error && (
                <pre className="mt-1 whitespace-pre-wrap break-words text-muted-foreground">{call.error}</pre>
              )}
            </div>
          )}
          {call.logs.length > 0 && (
            <pre
              aria-label={`Logs of ${call.name}`}
              className="max-h-48 overflow-auto rounded-md bg-muted p-2 font-mono text-xs"
            >
              {call.logs.map((l) => `[${l.level}] ${l.text}`).join('\n')}
            </pre>
          )}
          <p className="text-xs text-muted-foreground">
            {call.durationMs} ms in all, {call.cpuMs} ms of CPU
          </p>
        </div>
      )}
    </li>
  );
}

/**
 * The function log (issue 31, decision 0014): the newest calls of the app's server functions, each with whether
 * it worked, the error, its console lines and its timings. Only the app's builders see it; visitors only ever get
 * the clear error of a failed call.
 */
export function FunctionLog({ appId }: { appId: string }) {
  const log = useQuery({ ...functionLogQuery(appId), refetchInterval: 10_000 });
  if (log.isPending)
    return (
      <div role="status" className="flex flex-1 items-center justify-center text-sm text-muted-foreground">
        <Loader2 className="mr-2 size-4 animate-spin" aria-hidden />
        Loading the function log…
      </div>
    );
  if (log.isError)
    return (
      <PageError className="min-h-0" message={errorMessage(log.error)} onRetry={() => void log.refetch()} />
    );
  const calls = log.data.calls;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between border-b px-4 py-2">
        <p className="text-sm font-medium">Function calls</p>
        <Button variant="ghost" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RotateCw className={cn(log.isFetching && 'animate-spin')} aria-hidden />
          Refresh
        </Button>
      </div>
      {calls.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center p-8 text-center">
          <ServerCog className="mb-3 size-8 text-muted-foreground" aria-hidden />
          <p className="text-sm font-medium">No function calls yet</p>
          <p className="mt-1 max-w-xs text-sm text-muted-foreground">
            When a page calls one of the app&apos;s server functions, each call shows here with its logs,
            errors and timings.
          </p>
        </div>
      ) : (
        <ul aria-label="Function calls" className="min-h-0 flex-1 overflow-y-auto">
          {calls.map((call) => (
            <CallRow key={call.id} call={call} />
          ))}
        </ul>
      )}
    </div>
  );
}
