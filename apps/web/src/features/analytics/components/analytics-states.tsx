import type * as React from 'react';
import { Link } from 'react-router';
import { ArrowUpRight, BarChart3, Rocket } from 'lucide-react';
import { toastMessages } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

function StateCard({ icon, children }: { icon: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-14 text-center sm:py-20">
      <div className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground [&_svg]:size-6">
        {icon}
      </div>
      {children}
    </div>
  );
}

/** 403 analytics/not-published: numbers start once the app is live (spec 000 §8). */
export function NotPublishedState({ builderPath }: { builderPath: string }) {
  return (
    <StateCard icon={<Rocket />}>
      <h2 className="mt-4 text-lg font-semibold">{toastMessages.publishForAnalytics}</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        Runs, unique users and tokens are counted once your app is published.
      </p>
      <Button asChild className="mt-6">
        <Link to={builderPath}>Back to the builder</Link>
      </Button>
    </StateCard>
  );
}

/** A published app nobody has run in the range. */
export function NoRunsState({ appPath, days }: { appPath: string; days: number }) {
  return (
    <StateCard icon={<BarChart3 />}>
      <h2 className="mt-4 text-lg font-semibold">No runs yet</h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        Nobody has run this app in the last {days} days. Share it, and runs, users and tokens show up here.
      </p>
      <Button asChild variant="outline" className="mt-6">
        <Link to={appPath} target="_blank" rel="noopener">
          Open the app
          <ArrowUpRight />
        </Link>
      </Button>
    </StateCard>
  );
}

export function AnalyticsSkeleton() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading analytics">
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="rounded-xl border bg-card p-5">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-4 h-8 w-24" />
            <Skeleton className="mt-3 h-3 w-32" />
          </div>
        ))}
      </div>
      <div className="rounded-xl border bg-card p-5">
        <Skeleton className="h-4 w-32" />
        <Skeleton className="mt-5 h-56 w-full" />
      </div>
      <div className="rounded-xl border bg-card p-5">
        <Skeleton className="h-4 w-24" />
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="mt-4 h-10 w-full" />
        ))}
      </div>
    </div>
  );
}
