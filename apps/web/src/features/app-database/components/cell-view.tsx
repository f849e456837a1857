import { Check } from 'lucide-react';
import { optionColour, parseBooleanCell } from '@buildai/domain';
import { displayText } from '../lib/cells';
import type { TableColumn } from './table-types';

/** An option as a coloured chip (95% saturation, 90% lightness: spec 001 §9). */
export function OptionChip({ label }: { label: string }) {
  return (
    <span
      className="inline-flex max-w-full shrink-0 items-center truncate rounded-md px-1.5 py-0.5 text-xs font-medium text-zinc-800"
      style={{ backgroundColor: optionColour(label) }}
    >
      {label}
    </span>
  );
}

/** A cell's value when it is not being edited: plain elements, no state, cheap to render in a scrolling table. */
export function CellView({ value, column }: { value: unknown; column: TableColumn }) {
  if (value === null || value === undefined || value === '') {
    if (column.dataType === 'boolean') return <BooleanBox checked={false} />;
    return <span className="text-muted-foreground/50">—</span>;
  }
  switch (column.dataType) {
    case 'boolean':
      return <BooleanBox checked={parseBooleanCell(value) === true} />;
    case 'select':
      return <OptionChip label={String(value)} />;
    case 'multiselect':
      return (
        <span className="flex min-w-0 gap-1 overflow-hidden">
          {(Array.isArray(value) ? value : [value]).map((v, i) => (
            <OptionChip key={i} label={String(v)} />
          ))}
        </span>
      );
    case 'image':
      return (
        <span className="flex min-w-0 items-center gap-2">
          <img
            src={String(value)}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-7 shrink-0 rounded border bg-muted object-cover"
          />
          <span className="truncate text-xs text-muted-foreground">{String(value)}</span>
        </span>
      );
    case 'number':
      return <span className="ml-auto truncate tabular-nums">{displayText(value, 'number')}</span>;
    case 'json':
      return <span className="truncate font-mono text-xs">{displayText(value, 'json')}</span>;
    default:
      return <span className="truncate">{displayText(value, column.dataType)}</span>;
  }
}

function BooleanBox({ checked }: { checked: boolean }) {
  return (
    <span
      aria-label={checked ? 'true' : 'false'}
      className={
        checked
          ? 'flex size-4 items-center justify-center rounded border border-primary bg-primary text-primary-foreground'
          : 'size-4 rounded border border-input bg-background'
      }
    >
      {checked && <Check className="size-3" strokeWidth={3} />}
    </span>
  );
}
