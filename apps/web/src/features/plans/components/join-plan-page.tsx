import { ShieldCheck } from 'lucide-react';
import { useInlinePlans } from '../hooks/upgrade-plan-dialog';
import { PlansView } from './plans-view';

/**
 * /joinPlan (spec 000 §2): the builder plans as cards, the current one marked, each opening its payment page in a
 * new tab. Back from a payment (`?sale_id=`), the purchase is confirmed here rather than in the dialog.
 */
export function JoinPlanPage() {
  const purchase = useInlinePlans();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your plan</h1>
        <p className="mt-2 text-sm text-muted-foreground sm:text-base">
          Compare the plans and upgrade when you need more live tools, data and features.
        </p>
      </div>
      <section className="mt-8">
        <PlansView purchase={purchase} />
      </section>
      <p className="mt-8 flex items-center justify-center gap-1.5 text-center text-xs text-muted-foreground">
        <ShieldCheck className="size-3.5" aria-hidden />
        Payments are handled securely by our payment partner and open in a new tab.
      </p>
    </div>
  );
}
