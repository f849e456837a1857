import { Bot, Lock, Trash2, User } from 'lucide-react';
import type { LogDetail, LogEntry } from '@buildai/domain';
import { Citations } from '@/components/citations';
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
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatInteger } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useDeleteLog, useLogDetail } from '../api/logs-api';
import { formatCost, formatWhen, isMasked, KindLabel, RatingMark, SourceBadge, WhoLabel } from './log-bits';

interface Props {
  appId: string;
  runId: string | null;
  reveal: boolean;
  onClose: () => void;
}

function Facts({ entry }: { entry: LogEntry }) {
  const rows: Array<[string, React.ReactNode]> = [
    ['When', new Date(entry.createdAt).toLocaleString()],
    ['Who', <WhoLabel key="who" entry={entry} />],
    ['Source', <SourceBadge key="source" source={entry.source} />],
    ['Model', entry.model],
    [
      'Tokens',
      entry.usage
        ? `${formatInteger(entry.usage.promptTokens)} in · ${formatInteger(entry.usage.completionTokens)} out`
        : '—',
    ],
    ['Cost', entry.usage ? formatCost(entry.usage.totalCost) : '—'],
    ['Credits', String(entry.credits)],
    ['Status', entry.errorCode ? `${entry.status} (${entry.errorCode})` : entry.status],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="min-w-0 truncate">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Inputs({ entry }: { entry: LogEntry }) {
  const entries = Object.entries(entry.inputs);
  if (entries.length === 0) return null;
  return (
    <section aria-label="Inputs" className="grid gap-2">
      <h3 className="text-sm font-semibold">Inputs</h3>
      <dl className="grid gap-2 rounded-lg border bg-muted/30 p-3 text-sm">
        {entries.map(([name, value]) => (
          <div key={name} className="grid gap-0.5">
            <dt className="text-xs font-medium text-muted-foreground">{name}</dt>
            <dd className={cn('break-words whitespace-pre-wrap', isMasked(value) && 'text-muted-foreground')}>
              {isMasked(value) ? (
                <span className="inline-flex items-center gap-1">
                  <Lock className="size-3" aria-hidden /> Personal, hidden
                </span>
              ) : typeof value === 'string' ? (
                value
              ) : (
                JSON.stringify(value)
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Conversation({ conversation }: { conversation: NonNullable<LogDetail['conversation']> }) {
  return (
    <section aria-label="Conversation" className="grid gap-3">
      <h3 className="text-sm font-semibold">Conversation</h3>
      <ol className="grid gap-3">
        {conversation.messages.map((m) => (
          <li key={m.id} className={cn('flex gap-2', m.role === 'user' && 'flex-row-reverse')}>
            <span
              className={cn(
                'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full',
                m.role === 'user' ? 'bg-primary text-primary-foreground' : 'bg-muted text-muted-foreground',
              )}
              aria-hidden
            >
              {m.role === 'user' ? <User className="size-3.5" /> : <Bot className="size-3.5" />}
            </span>
            <div
              className={cn(
                'grid max-w-[85%] gap-1 rounded-2xl px-3 py-2 text-sm',
                m.role === 'user' ? 'rounded-tr-md bg-primary/10' : 'rounded-tl-md border bg-card',
              )}
              data-role={m.role}
            >
              <p className="break-words whitespace-pre-wrap">{m.text}</p>
              <Citations citations={m.citations} className="mt-1 border-t pt-2" />
              <div className="flex items-center gap-2 text-xs text-muted-foreground">
                <span>{formatWhen(m.createdAt)}</span>
                {m.rating && <RatingMark rating={m.rating} reason={m.ratingReason} />}
                {m.ratingReason && <span className="italic">“{m.ratingReason}”</span>}
              </div>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** One run's detail in a side panel: facts, inputs, the answer or the whole conversation, the rating, Delete. */
export function LogDetailSheet({ appId, runId, reveal, onClose }: Props) {
  const detail = useLogDetail(appId, runId, reveal);
  const remove = useDeleteLog(appId);
  const entry = detail.data?.entry;
  const conversation = detail.data?.conversation;
  return (
    <Sheet open={runId !== null} onOpenChange={(open) => !open && onClose()}>
      <SheetContent className="w-full gap-0 overflow-y-auto p-0 sm:max-w-xl">
        <SheetHeader className="border-b px-5 py-4">
          <SheetTitle>{entry ? <KindLabel entry={entry} /> : 'Run'}</SheetTitle>
          <SheetDescription>
            {entry ? formatWhen(entry.createdAt) : 'Loading the run…'}
            {conversation?.title ? ` · ${conversation.title}` : ''}
          </SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 px-5 py-5">
          {detail.isPending ? (
            <div className="grid gap-3" role="status" aria-label="Loading">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-24 w-full" />
            </div>
          ) : detail.isError || !entry ? (
            <PageError
              title="This run couldn't be loaded"
              message={errorMessage(detail.error)}
              onRetry={() => void detail.refetch()}
              className="min-h-60"
            />
          ) : (
            <>
              <Facts entry={entry} />
              {entry.rating && (
                <section aria-label="Rating" className="flex items-start gap-2 rounded-lg border p-3 text-sm">
                  <RatingMark rating={entry.rating} />
                  <span>{entry.ratingReason ? `“${entry.ratingReason}”` : 'No reason given'}</span>
                </section>
              )}
              {conversation ? (
                <Conversation conversation={conversation} />
              ) : (
                <>
                  <Inputs entry={entry} />
                  <section aria-label="Answer" className="grid gap-2">
                    <h3 className="text-sm font-semibold">Answer</h3>
                    <p className="rounded-lg border p-3 text-sm break-words whitespace-pre-wrap">
                      {entry.output || <span className="text-muted-foreground">No answer</span>}
                    </p>
                    <Citations citations={detail.data?.citations ?? []} />
                  </section>
                </>
              )}
              <AlertDialog>
                <AlertDialogTrigger asChild>
                  <Button variant="outline" className="justify-self-start text-destructive">
                    <Trash2 />
                    {conversation ? 'Delete conversation' : 'Delete run'}
                  </Button>
                </AlertDialogTrigger>
                <AlertDialogContent>
                  <AlertDialogHeader>
                    <AlertDialogTitle>
                      {conversation ? 'Delete this conversation?' : 'Delete this run?'}
                    </AlertDialogTitle>
                    <AlertDialogDescription>
                      What was asked and answered is erased for good. It still counts in your analytics and
                      the user's run limits.
                    </AlertDialogDescription>
                  </AlertDialogHeader>
                  <AlertDialogFooter>
                    <AlertDialogCancel>Cancel</AlertDialogCancel>
                    <AlertDialogAction
                      className="bg-destructive text-white hover:bg-destructive/90"
                      onClick={() => remove.mutate(entry.runId, { onSuccess: onClose })}
                    >
                      Delete
                    </AlertDialogAction>
                  </AlertDialogFooter>
                </AlertDialogContent>
              </AlertDialog>
              {remove.isError && (
                <p role="alert" className="text-sm text-destructive">
                  {errorMessage(remove.error)}
                </p>
              )}
            </>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
