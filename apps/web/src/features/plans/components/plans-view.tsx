import { AlertTriangle, CheckCircle2, Loader2, PackageOpen, RefreshCw } from 'lucide-react';
import type { Account } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { useAccountQuery } from '@/lib/account-query';
import { usePaidPlans } from '../api/paid-plans';
import type { PurchaseState } from '../hooks/use-purchase-polling';
import {
  cardLink,
  currentPlanIndex,
  notOnSale,
  planCardViews,
  purchasesState,
  safeLink,
} from '../lib/plan-states';
import { PlanCardItem } from './plan-card';
import { NOT_ON_SALE, PURCHASES_OFF_TITLE, PurchasesOffNotice } from './purchases-off-notice';
import { SinglePlan } from './single-plan';

export const REFRESHING_ACCOUNT_TEXT = 'Refreshing your account...';

/**
 * Columns of the several-plans grid, by the width it has (container queries: the page beside the sidebar is narrower
 * than the window): stacked on a phone, five cards in a row from 56rem (the page at 1280 px with the sidebar open).
 */
export function planGridClass(count: number): string {
  if (count <= 2) return '@xl:grid-cols-2';
  if (count === 3) return '@2xl:grid-cols-3';
  if (count === 4) return '@xl:grid-cols-2 @[48rem]:grid-cols-4';
  if (count === 5) return '@xl:grid-cols-2 @3xl:grid-cols-3 @[56rem]:grid-cols-5';
  return '@xl:grid-cols-2 @3xl:grid-cols-3';
}

/**
 * The plans and their states for the signed-in account, shared by the Upgrade plan dialog and /joinPlan:
 * loading ('Refreshing your account...', also while a purchase is being confirmed), error with retry, an empty list,
 * one plan (the single-plan layout) or several cards.
 */
export function PlansView({
  appId,
  toolName,
  purchase,
  demo,
}: {
  appId?: string | null;
  toolName?: string | null;
  purchase?: PurchaseState | null;
  /** a builder previewing their app's plan dialog */
  demo?: boolean;
}) {
  const plans = usePaidPlans(appId);
  const accountQuery = useAccountQuery();
  const account: Account | null = accountQuery.data ?? null;

  if (plans.isPending || accountQuery.isPending || purchase?.status === 'polling') {
    return <RefreshingState count={plans.data?.length} />;
  }

  if (plans.isError) {
    return (
      <div className="flex flex-col items-center px-4 py-12 text-center" role="alert">
        <div className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
          <AlertTriangle className="size-6" aria-hidden />
        </div>
        <h3 className="mt-4 font-semibold">We couldn't load the plans</h3>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">{errorMessage(plans.error)}</p>
        <Button
          variant="outline"
          className="mt-5"
          onClick={() => void plans.refetch()}
          disabled={plans.isFetching}
        >
          <RefreshCw className={cn(plans.isFetching && 'animate-spin')} aria-hidden />
          Try again
        </Button>
      </div>
    );
  }

  const list = plans.data;
  if (list.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-2xl border border-dashed bg-muted/30 px-6 py-12 text-center">
        <div className="flex size-12 items-center justify-center rounded-2xl bg-accent text-primary">
          <PackageOpen className="size-6" aria-hidden />
        </div>
        <h3 className="mt-4 font-semibold">No plans to choose from yet</h3>
        <p className="mt-1 max-w-sm text-sm text-muted-foreground">
          {appId
            ? "This app doesn't offer paid memberships yet. Check back soon."
            : 'Plans will show up here as soon as they are available. Check back soon.'}
        </p>
      </div>
    );
  }

  // an app's membership plans are not the builder's: the builder's plan and subscription say nothing about them
  const builderPlans = !appId;
  const views = planCardViews(list, builderPlans ? account?.plan : null);
  const current = currentPlanIndex(list, account?.plan);
  const currentName = current === -1 ? account?.plan : list[current]?.name;
  const sales = builderPlans ? purchasesState(views, account) : 'on';
  const hrefOf = (view: (typeof views)[number]) =>
    builderPlans ? cardLink(view, account, list) : safeLink(view.plan.link);

  return (
    <div className="@container grid gap-5">
      {purchase?.status === 'confirmed' && (
        <div
          role="status"
          className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
          <p>
            <span className="font-medium">Payment confirmed.</span>{' '}
            {currentName ? `You're now on the ${currentName} plan.` : 'Your account is up to date.'}
          </p>
        </div>
      )}
      {purchase?.status === 'timeout' && <PurchaseTimeout purchase={purchase} />}
      {views.length === 1 && views[0] ? (
        <SinglePlan
          plan={views[0].plan}
          appName={toolName}
          demo={demo}
          current={views[0].state === 'selected'}
          href={views[0].buttonDisabled ? null : hrefOf(views[0])}
          unavailable={sales !== 'on' ? `${PURCHASES_OFF_TITLE}.` : undefined}
        />
      ) : (
        <ul className={cn('grid gap-4 pt-3', planGridClass(views.length))} aria-label="Plans">
          {views.map((view) => (
            <li key={view.plan.id} className="@container/card grid">
              <PlanCardItem
                view={view}
                href={hrefOf(view)}
                note={sales === 'partly' && notOnSale(view, account) ? NOT_ON_SALE : null}
                manageHref={
                  builderPlans && view.state === 'selected' && account?.subscriptionId
                    ? safeLink(view.plan.subscriptionLink)
                    : null
                }
              />
            </li>
          ))}
        </ul>
      )}
      {sales !== 'on' && <PurchasesOffNotice partly={sales === 'partly'} />}
    </div>
  );
}

function PurchaseTimeout({ purchase }: { purchase: PurchaseState }) {
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 sm:flex-row sm:items-center"
    >
      <AlertTriangle className="hidden size-4 shrink-0 sm:block" aria-hidden />
      <div className="flex-1">
        <p className="font-medium">We couldn't confirm your payment yet.</p>
        <p className="mt-0.5 text-amber-800">
          It can take a few minutes to show up. If you were charged and your plan still hasn't changed, please
          contact support{purchase.saleId ? ` with your payment id ${purchase.saleId}` : ''}.
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start bg-white sm:self-center"
        onClick={purchase.retry}
      >
        <RefreshCw aria-hidden />
        Check again
      </Button>
    </div>
  );
}

function RefreshingState({ count }: { count?: number }) {
  const cards = Math.min(Math.max(count ?? 3, 1), 5);
  return (
    <div className="@container grid gap-6" aria-busy="true">
      <p role="status" className="flex items-center justify-center gap-2 text-sm text-muted-foreground">
        <Loader2 className="size-4 animate-spin" aria-hidden />
        {REFRESHING_ACCOUNT_TEXT}
      </p>
      <div className={cn('grid gap-4', planGridClass(cards))} aria-hidden>
        {Array.from({ length: cards }, (_, i) => (
          <div key={i} className="flex flex-col rounded-2xl border bg-card p-4 @md:p-5">
            <Skeleton className="h-5 w-24" />
            <Skeleton className="mt-5 h-8 w-28" />
            <Skeleton className="mt-4 h-4 w-full" />
            <Skeleton className="mt-2 h-4 w-4/5" />
            <Skeleton className="mt-8 h-9 w-full" />
          </div>
        ))}
      </div>
    </div>
  );
}
