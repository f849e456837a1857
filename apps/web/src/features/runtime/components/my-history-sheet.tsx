import * as React from 'react';
import { History, MessageSquare, ThumbsDown, ThumbsUp, Trash2, Wrench } from 'lucide-react';
import type { MyHistoryEntry } from '@buildai/domain';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetFooter,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatRelativeTime } from '@/lib/format';
import { useDeleteMyHistory, useMyHistory } from '../api/my-history';

/** How many runs `GET …/my-history` answers at most (decision 0018). */
const HISTORY_SIZE = 100;

/** What the user asked: an assistant's message, or the values they gave a tool. */
export function questionOf(entry: Pick<MyHistoryEntry, 'kind' | 'inputs'>): string {
  const values = Object.values(entry.inputs).flatMap((value) =>
    typeof value === 'string' ? [value] : Array.isArray(value) ? [value.join(', ')] : [],
  );
  return values
    .map((v) => v.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' · ');
}

function Entry({ entry }: { entry: MyHistoryEntry }) {
  const tool = entry.kind === 'tool';
  const Icon = tool ? Wrench : MessageSquare;
  const question = questionOf(entry);
  const answer = entry.output.replace(/\s+/g, ' ').trim();
  return (
    <li className="grid gap-1.5 rounded-xl border bg-card p-3 text-card-foreground shadow-xs">
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        <span className="min-w-0 truncate font-medium text-foreground">
          {tool ? (entry.toolTitle ?? 'Tool') : 'Assistant'}
        </span>
        <span className="ml-auto shrink-0">{formatRelativeTime(entry.createdAt)}</span>
        {entry.rating &&
          (entry.rating === 'up' ? (
            <ThumbsUp className="size-3.5 shrink-0 text-emerald-600" aria-label="You rated it good" />
          ) : (
            <ThumbsDown className="size-3.5 shrink-0 text-destructive" aria-label="You rated it not good" />
          ))}
      </div>
      {question && <p className="line-clamp-2 text-sm font-medium break-words">{question}</p>}
      {answer ? (
        <p className="line-clamp-3 text-sm break-words text-muted-foreground">{answer}</p>
      ) : (
        <p className="text-sm text-muted-foreground italic">No answer</p>
      )}
    </li>
  );
}

function Loading() {
  return (
    <ul className="grid gap-3" role="status" aria-label="Loading your history">
      {[0, 1, 2].map((i) => (
        <li key={i} className="grid gap-2 rounded-xl border p-3">
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-2/3" />
        </li>
      ))}
    </ul>
  );
}

/**
 * 'My history' (decision 0018): what the end user (signed in, or a visitor known by their cookie) asked the app, newest
 * first, with the answers and the thumbs they gave, and a way to delete it all. Only they see it.
 */
export function MyHistorySheet({
  appId,
  appName,
  open,
  onOpenChange,
}: {
  appId: string;
  appName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const history = useMyHistory(appId, { enabled: open });
  const remove = useDeleteMyHistory(appId);
  const [confirming, setConfirming] = React.useState(false);
  const [deleted, setDeleted] = React.useState(false);
  const entries = history.data ?? [];

  const change = (next: boolean) => {
    // closed, it starts afresh next time
    if (!next) {
      setDeleted(false);
      remove.reset();
    }
    onOpenChange(next);
  };

  return (
    <>
      <Sheet open={open} onOpenChange={change}>
        <SheetContent className="w-full gap-0 sm:max-w-md">
          <SheetHeader className="border-b pr-10">
            <SheetTitle className="flex items-center gap-2">
              <History className="size-4" aria-hidden />
              My history
            </SheetTitle>
            <SheetDescription>
              What you asked {appName || 'this app'} and its answers. Only you can see them.
            </SheetDescription>
          </SheetHeader>
          <div className="min-h-0 flex-1 overflow-y-auto p-4">
            {history.isPending ? (
              <Loading />
            ) : history.isError ? (
              <div className="grid justify-items-start gap-3 rounded-xl border p-4" role="alert">
                <p className="text-sm">Your history could not be loaded. {errorMessage(history.error)}</p>
                <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
                  Try again
                </Button>
              </div>
            ) : entries.length === 0 ? (
              <div className="grid justify-items-center gap-2 px-4 py-12 text-center">
                <span className="flex size-10 items-center justify-center rounded-full bg-muted text-muted-foreground">
                  <History className="size-5" aria-hidden />
                </span>
                <p className="font-medium">{deleted ? 'Your history was deleted' : 'Nothing here yet'}</p>
                <p className="max-w-64 text-sm text-muted-foreground">
                  {deleted
                    ? 'Everything you asked this app and its answers are gone.'
                    : 'What you ask this app shows here, so you can find it again.'}
                </p>
              </div>
            ) : (
              <>
                <ul aria-label="Your history" className="grid gap-3">
                  {entries.map((entry) => (
                    <Entry key={entry.runId} entry={entry} />
                  ))}
                </ul>
                {entries.length >= HISTORY_SIZE && (
                  <p className="mt-3 text-center text-xs text-muted-foreground">Your latest {HISTORY_SIZE}</p>
                )}
              </>
            )}
          </div>
          {entries.length > 0 && (
            <SheetFooter className="border-t">
              {remove.isError && (
                <p className="text-sm text-destructive" role="alert">
                  {errorMessage(remove.error)}
                </p>
              )}
              <Button
                variant="outline"
                className="text-destructive hover:text-destructive"
                onClick={() => setConfirming(true)}
              >
                <Trash2 />
                Delete my history
              </Button>
            </SheetFooter>
          )}
        </SheetContent>
      </Sheet>
      <AlertDialog open={confirming} onOpenChange={setConfirming}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete your history?</AlertDialogTitle>
            <AlertDialogDescription>
              Everything you asked this app, its answers and your conversations are erased for good.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              className="bg-destructive text-white hover:bg-destructive/90"
              disabled={remove.isPending}
              onClick={(e) => {
                e.preventDefault();
                remove.mutate(undefined, {
                  onSuccess: () => setDeleted(true),
                  onSettled: () => setConfirming(false),
                });
              }}
            >
              Delete my history
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
