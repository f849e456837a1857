import type * as React from 'react';
import type { PlanCard } from '@buildai/domain';
import { cn } from '@/lib/utils';
import { discountedPrice, formatDollars, isFreePlan, type BillingPeriod } from '../lib/plan-states';

/** The single plan's price for the chosen period: the yearly price, or the monthly one (struck when discounted). */
export function SinglePrice({ plan, period }: { plan: PlanCard; period: BillingPeriod }) {
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

/** One side of the monthly / yearly chooser. */
export function PeriodOption({
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
