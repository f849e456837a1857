import type { ColumnDataType, EntityProperty } from '@buildai/domain';
import { booleanColumn } from './boolean';
import type { ColumnType } from './column-type';
import { datetimeColumn } from './datetime';
import { imageColumn } from './image';
import { jsonColumn } from './json';
import { multiselectColumn } from './multiselect';
import { numberColumn } from './number';
import { selectColumn } from './select';
import { textColumn } from './text';

/**
 * Every column type, in the order spec 001 §3 infers them: a property takes the first type whose rule matches. The
 * order is the rules' precedence — a name with 'image' is an image whatever its type, a date-time string is not
 * text, an enum of strings is a select, a type list of string and number is text — and json, which takes
 * anything, is last. docs/decisions/0011-registries.md "Column types" says how to add one.
 */
export const columnTypes = [
  imageColumn,
  datetimeColumn,
  booleanColumn,
  selectColumn,
  textColumn,
  numberColumn,
  multiselectColumn,
  jsonColumn,
] as const;

// the domain's list of types and this one cannot drift apart: a type named there without a module fails here
type Unregistered = Exclude<ColumnDataType, (typeof columnTypes)[number]['dataType']>;
const _everyTypeRegistered: [Unregistered] extends [never] ? true : Unregistered = true;

const byDataType = new Map<ColumnDataType, ColumnType>(columnTypes.map((t) => [t.dataType, t]));

/** The module of a column type. */
export function columnType(dataType: ColumnDataType): ColumnType {
  return byDataType.get(dataType) ?? jsonColumn;
}

/** The column type of a property, as spec 001 §3 infers it. */
export function inferColumnType(name: string, property: EntityProperty): ColumnDataType {
  return (columnTypes.find((t) => t.matches(name, property)) ?? jsonColumn).dataType;
}
