import { Hash } from 'lucide-react';
import { InlineEditor } from '../components/cell-editors';
import { valueText } from '../lib/cell-values';
import { hasType, plainView, type CellCodec, type ColumnType } from './column-type';

const NUMERIC = 'text-right tabular-nums';

const codec: CellCodec = {
  edit: valueText,
  display: valueText,
  parse: (text) => {
    if (text.trim() === '') return { ok: true, value: null };
    const n = Number(text);
    return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: 'Enter a number' };
  },
};

/** A number or an integer: typed with the decimal keyboard, right-aligned, saved as a number; empty saves null. */
export const numberColumn: ColumnType<'number'> = {
  dataType: 'number',
  label: 'Number',
  icon: Hash,
  width: 100,
  matches: (_name, property) => hasType(property, 'number') || hasType(property, 'integer'),
  view: plainView(codec, { align: NUMERIC }),
  codec,
  click: () => 'inline',
  Editor: (props) => <InlineEditor {...props} codec={codec} inputMode="decimal" className={NUMERIC} />,
};
