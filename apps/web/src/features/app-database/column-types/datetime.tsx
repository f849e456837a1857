import { Calendar } from 'lucide-react';
import { InlineEditor } from '../components/cell-editors';
import { formatDateTime, toDateTimeLocal } from '../lib/cell-values';
import { plainView, type CellCodec, type ColumnType } from './column-type';

const codec: CellCodec = {
  edit: toDateTimeLocal,
  display: formatDateTime,
  parse: (text) => {
    if (text.trim() === '') return { ok: true, value: null };
    const date = new Date(text);
    return Number.isNaN(date.getTime())
      ? { ok: false, message: 'Enter a date and time' }
      : { ok: true, value: date.toISOString() };
  },
};

/**
 * A `date-time` string: shown and edited in the builder's time zone (`datetime-local`), saved as an ISO string;
 * empty saves null. A value that is not a date is shown as it is.
 */
export const datetimeColumn: ColumnType<'datetime'> = {
  dataType: 'datetime',
  label: 'Date and time',
  icon: Calendar,
  width: 100,
  matches: (_name, property) => property.format === 'date-time',
  view: plainView(codec),
  codec,
  click: () => 'inline',
  Editor: (props) => <InlineEditor {...props} codec={codec} type="datetime-local" />,
};
