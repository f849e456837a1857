import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { FormStep } from '../lib/form-steps';

/** Where the user is in a multi-step form: "Step 2 of 3", the step's title and a progress track. */
export function StepIndicator({ steps, current }: { steps: FormStep[]; current: number }) {
  const step = steps[current]!;
  return (
    <nav aria-label="Form steps" className="grid gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-sm font-medium" aria-live="polite">
          <span className="text-muted-foreground">
            Step {current + 1} of {steps.length}
          </span>
          {step.title && <span className="sm:hidden"> · {step.title}</span>}
        </p>
      </div>
      <ol className="flex gap-2">
        {steps.map((s, i) => (
          <li
            key={s.id}
            aria-current={i === current ? 'step' : undefined}
            className="flex min-w-0 flex-1 flex-col gap-2"
          >
            <span
              className={cn('h-1.5 rounded-full bg-muted transition-colors', i <= current && 'bg-primary')}
              aria-hidden="true"
            />
            <span
              className={cn(
                'hidden min-w-0 items-center gap-1.5 truncate text-xs sm:flex',
                i === current ? 'font-medium text-foreground' : 'text-muted-foreground',
              )}
            >
              {i < current && <Check className="size-3 shrink-0 text-primary" />}
              <span className="truncate">{s.title || `Step ${i + 1}`}</span>
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
