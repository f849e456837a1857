import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';

export interface ChipOption {
  label: string;
  iconUrl?: string;
}

interface Props {
  id: string;
  options: ChipOption[];
  /** several may be on (multiselect) or exactly one (a select whose options have icons) */
  multiple: boolean;
  selected: string[];
  onChange: (selected: string[]) => void;
  disabled?: boolean;
  invalid?: boolean;
}

/** Options as toggle chips, with their icons: multiselect, and selects that have option icons. */
export function OptionChips({ id, options, multiple, selected, onChange, disabled, invalid }: Props) {
  return (
    <div
      id={id}
      role={multiple ? 'group' : 'radiogroup'}
      aria-labelledby={`${id}-label`}
      aria-invalid={invalid || undefined}
      className="flex flex-wrap gap-2"
    >
      {options.map((o) => {
        const on = selected.includes(o.label);
        const toggle = () => {
          if (multiple) onChange(on ? selected.filter((s) => s !== o.label) : [...selected, o.label]);
          else onChange(on ? [] : [o.label]);
        };
        return (
          <button
            type="button"
            key={o.label}
            disabled={disabled}
            role={multiple ? undefined : 'radio'}
            aria-pressed={multiple ? on : undefined}
            aria-checked={multiple ? undefined : on}
            onClick={toggle}
            className={cn(
              'inline-flex min-h-9 max-w-full items-center gap-2 rounded-full border bg-background px-3 py-1.5 text-sm transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none disabled:opacity-50',
              on &&
                'border-primary bg-primary text-primary-foreground hover:bg-primary/90 hover:text-primary-foreground',
              invalid && !on && 'border-destructive/60',
            )}
          >
            {o.iconUrl ? (
              <img
                src={o.iconUrl}
                alt=""
                className="size-5 shrink-0 rounded-sm object-cover"
                loading="lazy"
              />
            ) : (
              on && <Check className="size-3.5 shrink-0" />
            )}
            <span className="truncate">{o.label}</span>
          </button>
        );
      })}
    </div>
  );
}
