import { cn } from '@/lib/utils';
import { RANGES, type Range } from '../lib/series';

/** 7 / 30 / 90 days, as a segmented control. */
export function RangePicker({ value, onChange }: { value: Range; onChange: (range: Range) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Date range"
      className="flex w-full rounded-lg border bg-muted/60 p-0.5 shadow-xs sm:inline-flex sm:w-auto"
    >
      {RANGES.map((r) => (
        <button
          key={r}
          type="button"
          role="radio"
          aria-checked={r === value}
          onClick={() => onChange(r)}
          className={cn(
            'h-8 flex-1 rounded-md px-3 text-sm sm:flex-none font-medium text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40',
            r === value && 'bg-background text-foreground shadow-xs',
          )}
        >
          {r} days
        </button>
      ))}
    </div>
  );
}
