import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

interface Props<T extends string> {
  /** the tab list's accessible name */
  label: string;
  value: T;
  options: ReadonlyArray<readonly [value: T, label: string, icon: LucideIcon]>;
  onChange: (value: T) => void;
  /** `fill`: the tabs share the whole width (the mobile Chat / App switch) */
  fill?: boolean;
  className?: string;
}

/** A row of tabs on a muted track, the selected one raised: the workspace's Preview / Code and Chat / App switches. */
export function SegmentedTabs<T extends string>({
  label,
  value,
  options,
  onChange,
  fill,
  className,
}: Props<T>) {
  return (
    <div role="tablist" aria-label={label} className={cn('flex gap-1 rounded-lg bg-muted p-0.5', className)}>
      {options.map(([option, text, Icon]) => (
        <button
          key={option}
          type="button"
          role="tab"
          aria-selected={value === option}
          onClick={() => onChange(option)}
          className={cn(
            'flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground transition-colors',
            fill ? 'h-8 flex-1 justify-center' : 'h-7 px-3',
            value === option && 'bg-background text-foreground shadow-sm',
          )}
        >
          <Icon className={fill ? 'size-4' : 'size-3.5'} />
          {text}
        </button>
      ))}
    </div>
  );
}
