import type * as React from 'react';
import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** A missing, unpublished or unreachable app or tool: what happened, and a retry when it may help. */
export function Unavailable({
  title,
  message,
  retry,
  children,
}: {
  title: string;
  message: string;
  retry?: () => void;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center rounded-2xl border bg-card px-6 py-14 text-center text-card-foreground shadow-sm">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <SearchX className="size-6" />
      </div>
      <h1 className="mt-4 text-xl font-semibold">{title}</h1>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">{message}</p>
      {(retry || children) && (
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          {retry && (
            <Button variant="outline" onClick={retry}>
              Try again
            </Button>
          )}
          {children}
        </div>
      )}
    </div>
  );
}

export function RunPageSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading the tool">
      <div className="grid gap-3">
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-4 w-full" />
      </div>
      <div className="rounded-2xl border bg-card p-5 sm:p-8">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="mt-2 h-24 w-full" />
        <Skeleton className="mt-5 h-4 w-32" />
        <Skeleton className="mt-2 h-9 w-full" />
        <Skeleton className="mt-6 h-10 w-36" />
      </div>
    </div>
  );
}

/** Where the result goes while its code loads. */
export function ResultSkeleton() {
  return (
    <div
      className="grid gap-3 rounded-2xl border bg-card p-5 sm:p-8"
      aria-busy="true"
      aria-label="Loading the result"
    >
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
}
