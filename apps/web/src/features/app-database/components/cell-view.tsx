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

/** Types shown as one line of text, straight in the cell (no element of their own). */
export function isPlainText(column: TableColumn): boolean {
  const t = column.dataType;
  return t === 'text' || t === 'number' || t === 'datetime' || t === 'json';
}

/**
 * A cell's value when it is not being edited: as few elements as can show it, no state, cheap to render in a
 * scrolling table. Plain types are a string (an empty cell stays blank); the others elements.
 */
export function CellView({ value, column }: { value: unknown; column: TableColumn }) {
  if (isPlainText(column)) return displayText(value, column.dataType);
  if (column.dataType === 'boolean') return <BooleanBox checked={parseBooleanCell(value) === true} />;
  if (value === null || value === undefined || value === '') return null;
  switch (column.dataType) {
    case 'select':
      return <OptionChip label={String(value)} />;
    case 'multiselect':
      return (Array.isArray(value) ? value : [value]).map((v, i) => <OptionChip key={i} label={String(v)} />);
    default:
      // image: the thumbnail and its address
      return (
        <>
          <img
            src={String(value)}
            alt=""
            loading="lazy"
            decoding="async"
            className="size-7 shrink-0 rounded border bg-muted object-cover"
          />
          <span className="truncate text-xs text-muted-foreground">{String(value)}</span>
        </>
      );
  }
}

function BooleanBox({ checked }: { checked: boolean }) {
  return (
    <span
      aria-label={checked ? 'true' : 'false'}
      className={
        checked
          ? 'flex size-4 items-center justify-center rounded border border-primary bg-primary text-[11px] leading-none font-bold text-primary-foreground'
          : 'size-4 rounded border border-input bg-background'
      }
    >
      {/* a character, not an icon: an SVG of its own in every new row costs more to build and lay out */}
      {checked && '✓'}
    </span>
  );
}
