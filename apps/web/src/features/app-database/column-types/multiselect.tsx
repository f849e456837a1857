import { ListChecks } from 'lucide-react';
import { OptionsEditor } from '../components/cell-editors';
import { isBlank } from '../lib/cell-values';
import { hasType, plainCodec, type ColumnType } from './column-type';
import { OptionChip } from './options';

/** An array whose items have an `enum`: any of the options, each a chip; wider, so two chips show. */
export const multiselectColumn: ColumnType<'multiselect'> = {
  dataType: 'multiselect',
  label: 'Multi-select',
  icon: ListChecks,
  width: 200,
  matches: (_name, property) => hasType(property, 'array') && Array.isArray(property.items?.enum),
  options: (property) => property.items?.enum,
  view: {
    plain: false,
    render: (value) =>
      isBlank(value)
        ? null
        : (Array.isArray(value) ? value : [value]).map((v, i) => <OptionChip key={i} label={String(v)} />),
  },
  codec: plainCodec,
  click: () => 'inline',
  Editor: (props) => <OptionsEditor {...props} multi />,
};
