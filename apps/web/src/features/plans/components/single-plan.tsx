import * as React from 'react';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import type { Account } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import {
  billingSummary,
  discountedPrice,
  formatDollars,
  hasYearlyPrice,
  isFreePlan,
  purchaseLink,
  yearlySavingBadge,
  type BillingPeriod,
  type PlanCardView,
} from '../lib/plan-states';
import { PlanDescription } from './plan-card';

/**
 * The single-plan layout (spec 000 §2), e.g. an app's membership: a header naming the tool, a monthly/yearly chooser
 * (yearly first, only when there is a yearly price), the saving badge, the price and one call to action.
 */
export function SinglePlan({
  view,
  account,
  toolName,
}: {
  view: PlanCardView;
  account: Account | null;
  toolName?: string | null;
}) {
  const { plan } = view;
  const yearlyOffered = hasYearlyPrice(plan) && !plan.oneTimePayment;
  const [period, setPeriod] = React.useState<BillingPeriod>('yearly');
  const shown: BillingPeriod = yearlyOffered ? period : 'monthly';
  const saving = yearlySavingBadge(plan);
  const href = view.buttonDisabled ? null : purchaseLink(plan, account);
  const free = isFreePlan(plan);
  const name = toolName?.trim() || plan.name;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center text-center">
      <h3 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">
        Unlock {name} to reach your goals faster.
      </h3>
      <p className="mt-1 text-sm font-medium text-primary">{plan.name}</p>

      {yearlyOffered && (
        <div
          role="radiogroup"
          aria-label="Billing period"
          className="mt-6 inline-grid grid-cols-2 gap-1 rounded-full border bg-muted/60 p-1"
        >
          <PeriodOption checked={shown === 'monthly'} onSelect={() => setPeriod('monthly')}>
            Monthly
          </PeriodOption>
          <PeriodOption checked={shown === 'yearly'} onSelect={() => setPeriod('yearly')}>
            Yearly
            {saving && (
              <span className="rounded-full bg-emerald-100 px-1.5 py-0.5 text-[11px] font-semibold whitespace-nowrap text-emerald-700">
                {saving}
              </span>
            )}
          </PeriodOption>
        </div>
      )}

      <div className="mt-6 w-full rounded-2xl border bg-card p-4 shadow-xs sm:p-6">
        <SinglePrice view={view} period={shown} />
        <PlanDescription text={plan.description} className="text-left" />
        <p className="mt-5 flex items-center justify-center gap-1.5 text-center text-sm font-medium text-emerald-700">
          <ShieldCheck className="size-4" aria-hidden />
          No Commitment - Cancel Anytime
        </p>
        {view.state === 'selected' ? (
          <Button type="button" size="lg" variant="secondary" className="mt-5 w-full" disabled>
            {view.buttonLabel}
          </Button>
        ) : href ? (
          <Button asChild size="lg" className="mt-5 w-full text-base">
            <a href={href} target="_blank" rel="noopener noreferrer">
              Start My Journey
              <ArrowRight aria-hidden />
            </a>
          </Button>
        ) : (
          <>
            <Button type="button" size="lg" className="mt-5 w-full text-base" disabled>
              Start My Journey
            </Button>
            <p className="mt-2 text-xs text-muted-foreground">Contact support to join this plan.</p>
          </>
        )}
        {!free && !plan.oneTimePayment && (
          <p className="mt-3 text-sm text-muted-foreground" data-testid="billing-summary">
            {billingSummary(plan, shown)}
          </p>
        )}
      </div>
    </div>
  );
}

function SinglePrice({ view, period }: { view: PlanCardView; period: BillingPeriod }) {
  const { plan } = view;
  if (isFreePlan(plan)) return <p className="text-4xl font-bold tracking-tight">Free</p>;
  if (period === 'yearly' && plan.priceYearly !== null && plan.priceYearly !== undefined) {
    return (
      <p className="flex items-baseline justify-center gap-1.5">
        <span className="text-4xl font-bold tracking-tight">{formatDollars(plan.priceYearly)}</span>
        <span className="text-sm text-muted-foreground">/year</span>
      </p>
    );
  }
  const discounted = discountedPrice(plan);
  return (
    <p className="flex flex-wrap items-baseline justify-center gap-x-1.5">
      <span className="text-4xl font-bold tracking-tight">
        {formatDollars(discounted ?? plan.price ?? 0)}
      </span>
      {discounted !== null && (
        <s className="text-lg text-muted-foreground" aria-label={`was ${formatDollars(plan.price ?? 0)}`}>
          {formatDollars(plan.price ?? 0)}
        </s>
      )}
      <span className="text-sm text-muted-foreground">{plan.oneTimePayment ? '/one time' : '/month'}</span>
    </p>
  );
}

function PeriodOption({
  checked,
  onSelect,
  children,
}: {
  checked: boolean;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={checked}
      onClick={onSelect}
      className={cn(
        'inline-flex h-8 items-center justify-center gap-1.5 rounded-full px-3 text-sm whitespace-nowrap sm:px-4 font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        checked ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
      )}
    >
      {children}
    </button>
  );
}
