import type { ColumnDataType } from '@buildai/domain';
import { columnType } from '../column-types/registry';
import type { CellParse } from './cell-values';

/** A value as the text its editor starts with (each column type's own rule). */
export function editText(value: unknown, dataType: ColumnDataType): string {
  return columnType(dataType).codec.edit(value);
}

/** A cell's text when it is not being edited. */
export function displayText(value: unknown, dataType: ColumnDataType): string {
  return columnType(dataType).codec.display(value);
}

/** The value an editor's text saves, by the column's type (spec 001 §5). */
export function parseCellText(text: string, dataType: ColumnDataType): CellParse {
  return columnType(dataType).codec.parse(text);
}

/** Whether two cell values are the same (an edit that changes nothing is not sent). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}
