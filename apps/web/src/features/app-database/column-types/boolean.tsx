import { ToggleLeft } from 'lucide-react';
import { parseBooleanCell } from '@buildai/domain';
import { plainCodec, hasType, type CellCodec, type ColumnType } from './column-type';

const codec: CellCodec = { ...plainCodec, parse: (text) => ({ ok: true, value: parseBooleanCell(text) }) };

/** A boolean: a check box that a click flips and saves at once (true, 'true', 1 and '1' show as checked). */
export const booleanColumn: ColumnType<'boolean'> = {
  dataType: 'boolean',
  label: 'Boolean',
  icon: ToggleLeft,
  width: 100,
  matches: (_name, property) => hasType(property, 'boolean'),
  view: { plain: false, render: (value) => <BooleanBox checked={parseBooleanCell(value) === true} /> },
  codec,
  click: (value) => ({ save: !(parseBooleanCell(value) ?? false) }),
};

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
