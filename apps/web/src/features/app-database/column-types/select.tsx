import { List } from 'lucide-react';
import { OptionsEditor } from '../components/cell-editors';
import { isBlank } from '../lib/cell-values';
import { plainCodec, type ColumnType } from './column-type';
import { OptionChip } from './options';

/** A property with an `enum`: one option, shown as its chip, picked from the enum's options. */
export const selectColumn: ColumnType<'select'> = {
  dataType: 'select',
  label: 'Select',
  icon: List,
  width: 100,
  matches: (_name, property) => Array.isArray(property.enum),
  options: (property) => property.enum,
  view: {
    plain: false,
    render: (value) => (isBlank(value) ? null : <OptionChip label={String(value)} />),
  },
  codec: plainCodec,
  click: () => 'inline',
  Editor: OptionsEditor,
};
