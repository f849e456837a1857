import * as React from 'react';
import { Check, ExternalLink, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { discountedPrice, formatDollars, isFreePlan, type PlanCardView } from '../lib/plan-states';

/** One plan of the several-plans layout (spec 000 §2): name, price, period, description, button. */
export function PlanCardItem({
  view,
  href,
  note,
  manageHref,
}: {
  view: PlanCardView;
  href: string | null;
  /** a word under the button (why it is disabled) */
  note?: string | null;
  /** the current plan's subscription management page (spec 000 §2) */
  manageHref?: string | null;
}) {
  const { plan, state } = view;
  const titleId = React.useId();
  const popular = plan.isMostPopular === true;
  const selected = state === 'selected';
  return (
    <article
      aria-labelledby={titleId}
      data-plan-state={state}
      className={cn(
        'relative flex min-w-0 flex-col rounded-2xl border bg-card p-4 text-card-foreground shadow-xs transition-shadow @[13rem]/card:p-5',
        popular && 'border-primary/60 shadow-md ring-1 ring-primary/60',
        selected && !popular && 'border-primary/30 bg-accent/40',
        state === 'disabled' && 'opacity-70',
      )}
    >
      {popular && (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-gradient-to-r from-indigo-500 to-violet-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-sm">
          <Sparkles className="size-3" aria-hidden />
          <span className="first-letter:uppercase">most popular</span>
        </span>
      )}
      <div className="flex items-start justify-between gap-2">
        <h3 id={titleId} className="text-base font-semibold tracking-tight">
          {plan.name}
        </h3>
        {selected && (
          <Badge variant="success" className="shrink-0">
            <Check aria-hidden />
            Current
          </Badge>
        )}
      </div>
      <PlanPrice plan={view.plan} />
      <PlanDescription text={plan.description} />
      <div className="mt-auto pt-6">
        <PlanButton view={view} href={href} />
        {note && <p className="mt-2 text-center text-xs text-muted-foreground">{note}</p>}
        {manageHref && (
          <a
            href={manageHref}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-2 flex items-center justify-center gap-1 text-xs font-medium text-primary underline-offset-2 hover:underline"
          >
            Manage subscription
            <ExternalLink className="size-3" aria-hidden />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        )}
      </div>
    </article>
  );
}

export function PlanPrice({ plan, className }: { plan: PlanCardView['plan']; className?: string }) {
  if (isFreePlan(plan)) {
    return (
      <p className={cn('mt-4 flex items-baseline gap-1', className)}>
        <span className="text-2xl font-bold tracking-tight @[13rem]/card:text-3xl">Free</span>
      </p>
    );
  }
  const discounted = discountedPrice(plan);
  const period = plan.oneTimePayment ? '/one time' : '/month';
  return (
    <p className={cn('mt-4 flex flex-wrap items-baseline gap-x-1.5 gap-y-0.5', className)}>
      <span className="text-2xl font-bold tracking-tight @[13rem]/card:text-3xl">
        {formatDollars(discounted ?? plan.price ?? 0)}
      </span>
      {discounted !== null && (
        <s className="text-base text-muted-foreground" aria-label={`was ${formatDollars(plan.price ?? 0)}`}>
          {formatDollars(plan.price ?? 0)}
        </s>
      )}
      <span className="text-sm text-muted-foreground">{period}</span>
    </p>
  );
}

/** A description of several lines reads as a list of what the plan includes. */
export function PlanDescription({ text, className }: { text: string; className?: string }) {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/^\s*[-•*]\s*/, '').trim())
    .filter(Boolean);
  if (lines.length === 0) return null;
  if (lines.length === 1)
    return <p className={cn('mt-3 text-sm leading-relaxed text-muted-foreground', className)}>{lines[0]}</p>;
  return (
    <ul className={cn('mt-4 grid gap-2 text-sm text-muted-foreground', className)}>
      {lines.map((line, i) => (
        <li key={i} className="flex gap-2">
          <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{line}</span>
        </li>
      ))}
    </ul>
  );
}

function PlanButton({ view, href }: { view: PlanCardView; href: string | null }) {
  const { plan, state, buttonLabel } = view;
  const variant =
    state === 'upgrade' || state === 'none' ? (plan.isMostPopular ? 'default' : 'outline') : 'outline';
  const className = 'h-auto min-h-9 w-full py-2 text-center whitespace-normal';
  if (!href) {
    // a plan the account cannot open from here: the current one, a disabled one, or one with no payment link (the
    // dialog then says how purchases are turned on)
    return (
      <Button
        type="button"
        variant={state === 'selected' ? 'secondary' : variant}
        className={className}
        disabled
      >
        {buttonLabel}
      </Button>
    );
  }
  return (
    <Button asChild variant={variant} className={className}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {buttonLabel}
        <ExternalLink className="size-3.5 opacity-70" aria-hidden />
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </Button>
  );
}
