import { Type } from 'lucide-react';
import { InlineEditor } from '../components/cell-editors';
import { isLongText, maxLengthOf } from '../lib/cell-values';
import { hasType, plainCodec, plainView, type ColumnType, type LongTextLook } from './column-type';

/** The modal editor of long text; also what the modal falls back to for a type that declares no look. */
export const TEXT_LONG_TEXT: LongTextLook = {
  description: 'Edit the text of this cell.',
  className: 'min-h-48',
  limited: true,
};

/**
 * A string: edited in place, or in the modal when it is over 50 characters or has a line break (a one-line input
 * would hide most of it). A property's `maxLength` limits both editors.
 */
export const textColumn: ColumnType<'text'> = {
  dataType: 'text',
  label: 'Text',
  icon: Type,
  width: 100,
  matches: (_name, property) => hasType(property, 'string'),
  view: plainView(plainCodec),
  codec: plainCodec,
  click: (value) => (typeof value === 'string' && isLongText(value) ? 'modal' : 'inline'),
  Editor: (props) => (
    <InlineEditor {...props} codec={plainCodec} maxLength={maxLengthOf(props.column.property)} />
  ),
  longText: TEXT_LONG_TEXT,
};
