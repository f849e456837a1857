import * as React from 'react';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { moneyMessages, type PlanCard } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import {
  billingSummary,
  hasYearlyPrice,
  isFreePlan,
  safeLink,
  yearlySavingBadge,
  type BillingPeriod,
} from '../lib/plan-states';
import { PlanDescription } from './plan-card';
import { PeriodOption, SinglePrice } from './single-plan-parts';

export const START_JOURNEY = 'Start My Journey';

export interface SinglePlanProps {
  plan: PlanCard;
  /** names the header, 'Unlock {appName} to reach your goals faster.'; the plan's name without it */
  appName?: string | null;
  /**
   * A builder previewing their app's dialog: the button opens the payment page in a new tab so the builder can
   * check it, and `onBuy` is not called.
   */
  demo?: boolean;
  /** starts the purchase with the chosen period; without it the button opens `href` in a new tab */
  onBuy?: (plan: PlanCard, period: BillingPeriod) => void;
  /** where the button goes without `onBuy`: the payment link, or a subscription's management link (default `plan.link`) */
  href?: string | null;
  /** the buyer has this plan already: 'Current plan', disabled */
  current?: boolean;
  /** shown under a disabled button when the plan has nowhere to buy it */
  unavailable?: React.ReactNode;
}

/**
 * The single-plan layout (spec 000 §2), e.g. an app's membership: a header naming the tool, a monthly/yearly chooser
 * (yearly first, only when there is a yearly price), the saving badge, the price and one call to action.
 */
export function SinglePlan({ plan, appName, demo, onBuy, href, current, unavailable }: SinglePlanProps) {
  const yearlyOffered = hasYearlyPrice(plan) && !plan.oneTimePayment;
  const [period, setPeriod] = React.useState<BillingPeriod>('yearly');
  const shown: BillingPeriod = yearlyOffered ? period : 'monthly';
  const saving = yearlySavingBadge(plan);
  const link = safeLink(href === undefined ? plan.link : href);
  const name = appName?.trim() || plan.name;

  return (
    <div className="mx-auto flex w-full max-w-md flex-col items-center text-center">
      <h3 className="text-xl font-semibold tracking-tight text-balance sm:text-2xl">
        {moneyMessages.unlock(name)}
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
        <SinglePrice plan={plan} period={shown} />
        <PlanDescription text={plan.description} className="text-left" />
        <p className="mt-5 flex items-center justify-center gap-1.5 text-center text-sm font-medium text-emerald-700">
          <ShieldCheck className="size-4" aria-hidden />
          No Commitment - Cancel Anytime
        </p>
        {current ? (
          <Button type="button" size="lg" variant="secondary" className="mt-5 w-full" disabled>
            Current plan
          </Button>
        ) : onBuy && !demo ? (
          <Button
            type="button"
            size="lg"
            className="mt-5 w-full text-base"
            onClick={() => onBuy(plan, shown)}
          >
            {START_JOURNEY}
            <ArrowRight aria-hidden />
          </Button>
        ) : link ? (
          <>
            <Button asChild size="lg" className="mt-5 w-full text-base">
              <a href={link} target="_blank" rel="noopener noreferrer">
                {START_JOURNEY}
                <ArrowRight aria-hidden />
              </a>
            </Button>
            {demo && (
              <p className="mt-2 text-xs text-muted-foreground">
                Your users go to this checkout page. Opens in a new tab.
              </p>
            )}
          </>
        ) : (
          <>
            <Button type="button" size="lg" className="mt-5 w-full text-base" disabled>
              {START_JOURNEY}
            </Button>
            <div className="mt-2 text-xs text-muted-foreground">
              {unavailable ?? 'Contact support to join this plan.'}
            </div>
          </>
        )}
        {!isFreePlan(plan) && !plan.oneTimePayment && (
          <p className="mt-3 text-sm text-muted-foreground" data-testid="billing-summary">
            {billingSummary(plan, shown)}
          </p>
        )}
      </div>
    </div>
  );
}
