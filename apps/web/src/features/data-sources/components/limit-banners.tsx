import { Gauge, Sparkles } from 'lucide-react';
import { contextMessages, errorCatalogue } from '@buildai/domain';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/**
 * The monthly data processing limit was reached (spec 000 §9): 'Show plans', or on the monetizer plan
 * 'If you need more space, let us know.'
 */
export function DataLimitBanner({ plan, onUpgrade }: { plan: string; onUpgrade: () => void }) {
  return (
    <Alert variant="info" data-testid="data-limit-banner">
      <Gauge />
      <AlertTitle>{errorCatalogue['context/data-limit'].message}</AlertTitle>
      <AlertDescription>
        {plan === 'monetizer' ? (
          <p>{contextMessages.moreSpace}</p>
        ) : (
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <p>New data waits until next month, or until you move to a bigger plan.</p>
            <Button size="sm" onClick={onUpgrade}>
              {contextMessages.showPlans}
            </Button>
          </div>
        )}
      </AlertDescription>
    </Alert>
  );
}

/** A plan limit on items or files (lite keeps one item; spec 000 §6, §9), with its Upgrade button. */
export function UpgradeBanner({ message, onUpgrade }: { message: string; onUpgrade: () => void }) {
  return (
    <Alert variant="info" data-testid="upgrade-banner">
      <Sparkles />
      <AlertTitle>{message}</AlertTitle>
      <AlertDescription>
        <Button size="sm" className="mt-1" onClick={onUpgrade}>
          Upgrade
        </Button>
      </AlertDescription>
    </Alert>
  );
}

export const LITE_ITEM_LIMIT_MESSAGE = errorCatalogue['context/item-limit'].message;
