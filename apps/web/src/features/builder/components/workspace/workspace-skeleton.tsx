import { Skeleton } from '@/components/ui/skeleton';

/** The workspace's shape while the app loads. */
export function WorkspaceSkeleton() {
  return (
    <div
      className="flex min-h-0 flex-1 flex-col lg:grid lg:h-[calc(100svh-3.5rem)] lg:flex-none lg:grid-cols-[minmax(340px,400px)_minmax(0,1fr)] lg:grid-rows-[minmax(0,1fr)]"
      aria-busy="true"
      aria-label="Loading the builder"
    >
      <div className="grid content-start gap-5 border-b p-4 lg:border-r lg:border-b-0">
        <div className="flex items-center justify-between">
          <div className="grid gap-2">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
          <Skeleton className="h-9 w-24" />
        </div>
        <Skeleton className="h-3 w-16" />
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} className="flex items-center gap-3">
            <Skeleton className="size-9 rounded-lg" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-4 w-32" />
              <Skeleton className="h-3 w-48" />
            </div>
          </div>
        ))}
      </div>
      <div className="hidden bg-muted/40 p-8 lg:block">
        <div className="mx-auto max-w-2xl rounded-2xl border bg-background p-8">
          <Skeleton className="h-8 w-64" />
          <Skeleton className="mt-3 h-4 w-80" />
          <Skeleton className="mt-8 h-24 w-full" />
          <Skeleton className="mt-6 h-10 w-36" />
        </div>
      </div>
    </div>
  );
}
