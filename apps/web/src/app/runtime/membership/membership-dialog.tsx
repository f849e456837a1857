import * as React from 'react';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import type { MembershipStatus, PlanCard } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { SinglePlan } from '@/features/plans/components/single-plan';
import { REFRESHING_ACCOUNT_TEXT } from '@/features/plans/components/plans-view';
import type { BillingPeriod } from '@/features/plans/lib/plan-states';
import type { SaleReturn } from './use-sale-return';
import { leavePage } from './leave-page';
import { checkoutLink } from './session-claims';

export interface MembershipDialogProps {
  status: MembershipStatus;
  saleReturn: SaleReturn;
  /** the signed-in visitor's email, filled in on the payment page */
  email: string | null;
  onClose: () => void;
}

/**
 * The plan dialog of an app with paid memberships, for a visitor who is not a member (spec 000 §2, single plan):
 * its button opens the product's payment page in this tab, which sends the buyer back with `?sale_id=`. While the
 * purchase is being confirmed it reads 'Refreshing your account...'.
 */
export default function MembershipDialog({ status, saleReturn, email, onClose }: MembershipDialogProps) {
  const content = React.useRef<HTMLDivElement>(null);
  const plan = status.plan;
  const checking = saleReturn.status === 'checking' ? saleReturn.purchase : null;
  const waiting = saleReturn.status === 'signing-up' || (checking !== null && checking.status !== 'timeout');
  const link = checkoutLink(plan?.link, email);
  const buy = (chosen: PlanCard, period: BillingPeriod) => {
    if (!link) return;
    const url = new URL(link);
    // a membership with a yearly option opens on the period chosen here
    if (chosen.priceYearly) url.searchParams.set('recurrence', period);
    leavePage(url.toString());
  };

  return (
    <Dialog open onOpenChange={(next) => !next && !waiting && onClose()}>
      <DialogContent
        ref={content}
        className="gap-6 p-5 sm:max-w-xl sm:p-8"
        showCloseButton={!waiting}
        // focus on the dialog itself: on the period chooser, the focus ring read as 'Monthly' chosen
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.focus();
        }}
      >
        <DialogHeader className="px-6 sm:text-center">
          <DialogTitle className="text-sm font-medium text-muted-foreground">Upgrade your plan</DialogTitle>
          <DialogDescription className="sr-only">
            A membership is needed to use this app. Payment opens the seller&apos;s checkout.
          </DialogDescription>
        </DialogHeader>
        {waiting ? (
          <div className="flex flex-col items-center gap-3 py-12 text-center" role="status">
            <LoaderCircle className="size-7 animate-spin text-primary" aria-hidden />
            <p className="text-sm font-medium">{REFRESHING_ACCOUNT_TEXT}</p>
            <p className="max-w-xs text-xs text-muted-foreground">
              Thanks for your purchase! We&apos;re confirming your payment, this takes a few seconds.
            </p>
          </div>
        ) : plan ? (
          <>
            {checking?.status === 'timeout' && (
              <div className="flex flex-col items-center gap-2 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-center text-sm text-amber-900">
                <p>We couldn&apos;t confirm your payment yet. It can take a minute to arrive.</p>
                <Button size="sm" variant="outline" onClick={checking.retry}>
                  <RefreshCw aria-hidden />
                  Check again
                </Button>
              </div>
            )}
            <SinglePlan
              plan={plan}
              appName={status.appName}
              href={link}
              onBuy={link ? buy : undefined}
              unavailable="This app's membership can't be bought right now."
            />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
