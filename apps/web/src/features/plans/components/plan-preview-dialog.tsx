import { AlertTriangle, PackageOpen, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useAppMembership } from '../api/app-membership';
import { DemoBanner } from './demo-banner';
import { SinglePlan } from './single-plan';

/**
 * A builder's preview of their app's plan dialog (spec 000 §2 "Demo view"): the single plan exactly as the app's
 * visitors get it, under the demo banner; its button shows the checkout in a new tab and buys nothing.
 */
export function PlanPreviewDialog({ appId, onClose }: { appId: string | null; onClose: () => void }) {
  const membership = useAppMembership(appId);
  const status = membership.data;
  return (
    <Dialog open={appId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="gap-6 p-5 sm:max-w-xl sm:p-8">
        <DemoBanner className="-mx-5 -mt-5 rounded-t-lg border-b px-5 py-2.5 pr-12 sm:-mx-8 sm:-mt-8 sm:px-8 sm:pr-14" />
        <DialogHeader className="px-6 sm:text-center">
          <DialogTitle className="text-sm font-medium text-muted-foreground">Upgrade your plan</DialogTitle>
          <DialogDescription className="sr-only">
            The plan your app offers to its visitors, as they will see it.
          </DialogDescription>
        </DialogHeader>
        {membership.isPending ? (
          <div className="mx-auto grid w-full max-w-md gap-4" role="status" aria-label="Loading the plan">
            <Skeleton className="mx-auto h-7 w-4/5" />
            <Skeleton className="mx-auto h-9 w-48 rounded-full" />
            <Skeleton className="h-56 w-full rounded-2xl" />
          </div>
        ) : membership.isError ? (
          <div className="flex flex-col items-center py-8 text-center" role="alert">
            <AlertTriangle className="size-6 text-destructive" aria-hidden />
            <p className="mt-3 font-semibold">We couldn&apos;t load the plan</p>
            <p className="mt-1 text-sm text-muted-foreground">{errorMessage(membership.error)}</p>
            <Button variant="outline" className="mt-4" onClick={() => void membership.refetch()}>
              <RefreshCw aria-hidden />
              Try again
            </Button>
          </div>
        ) : status?.plan ? (
          <SinglePlan plan={status.plan} appName={status.appName} demo />
        ) : (
          <div className="flex flex-col items-center py-8 text-center">
            <PackageOpen className="size-6 text-muted-foreground" aria-hidden />
            <p className="mt-3 font-semibold">No plan to show yet</p>
            <p className="mt-1 max-w-sm text-sm text-muted-foreground">
              Turn paid memberships on and connect a Gumroad product: its plan shows here.
            </p>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
