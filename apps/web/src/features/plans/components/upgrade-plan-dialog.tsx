import { moneyMessages } from '@buildai/domain';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { cn } from '@/lib/utils';
import { usePaidPlans } from '../api/paid-plans';
import type { PurchaseState } from '../hooks/use-purchase-polling';
import { DemoBanner } from './demo-banner';
import { PlansView } from './plans-view';

/** Dialog modes (spec 000 §4): closed, the upgrade offer, or the account's plan. */
export type UpgradePlanDialogMode = 'none' | 'default' | 'showPlan';

export const DEMO_BANNER_TEXT = moneyMessages.demoView;

export interface UpgradePlanDialogProps {
  mode: UpgradePlanDialogMode;
  onClose: () => void;
  /** an app's membership plans; the builder plans without it */
  appId?: string | null;
  /** names the tool in the single-plan header */
  toolName?: string | null;
  /** shows the demo banner (a builder previewing what their users will see) */
  demo?: boolean;
  /** the purchase being confirmed after a payment */
  purchase?: PurchaseState | null;
}

/** The Upgrade plan dialog (spec 000 §2). */
export function UpgradePlanDialog({
  mode,
  onClose,
  appId,
  toolName,
  demo,
  purchase,
}: UpgradePlanDialogProps) {
  const open = mode !== 'none';
  const plans = usePaidPlans(appId, { enabled: open });
  const single = plans.data?.length === 1;
  const showPlan = mode === 'showPlan';

  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className={cn(
          'gap-6 p-5 sm:p-8',
          single ? 'sm:max-w-xl' : 'sm:max-w-2xl lg:max-w-5xl xl:max-w-[1200px]',
        )}
      >
        {demo && (
          <DemoBanner className="-mx-5 -mt-5 rounded-t-lg border-b px-5 py-2.5 pr-12 sm:-mx-8 sm:-mt-8 sm:px-8 sm:pr-14" />
        )}
        <DialogHeader className={cn('pr-6', single && 'px-6 sm:text-center')}>
          <DialogTitle
            className={cn(single ? 'text-sm font-medium text-muted-foreground' : 'text-xl sm:text-2xl')}
          >
            {showPlan ? 'Your plan' : 'Upgrade your plan'}
          </DialogTitle>
          <DialogDescription className={cn(single && 'sr-only')}>
            {showPlan
              ? 'The plan you are on, and what the others offer.'
              : 'Pick the plan that fits how you build. Payment opens in a new tab.'}
          </DialogDescription>
        </DialogHeader>
        <PlansView appId={appId} toolName={toolName} purchase={purchase} demo={demo} />
      </DialogContent>
    </Dialog>
  );
}
