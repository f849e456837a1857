import { Braces } from 'lucide-react';
import { parseJsonCell } from '@buildai/domain';
import { valueText } from '../lib/cell-values';
import { plainView, type CellCodec, type ColumnType } from './column-type';

const codec: CellCodec = {
  edit: (value) => (value === null || value === undefined ? '' : JSON.stringify(value, null, 2)),
  display: valueText,
  parse: parseJsonCell,
};

/**
 * Anything no other type took (an object, an array without an enum, a property with no type): one line of JSON in
 * the cell, edited in the modal (a value is rarely one line), checked before it is saved; empty saves null.
 * Its rule takes everything, so it is the registry's last.
 */
export const jsonColumn: ColumnType<'json'> = {
  dataType: 'json',
  label: 'JSON',
  icon: Braces,
  width: 100,
  matches: () => true,
  view: plainView(codec, { font: 'font-mono text-xs' }),
  codec,
  click: () => 'modal',
  longText: {
    description: 'Edit the value as JSON. Leave it empty to clear it.',
    className: 'min-h-64 font-mono text-xs',
    limited: false,
  },
};
