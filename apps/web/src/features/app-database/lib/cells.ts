import { parseBooleanCell, parseJsonCell, type ColumnDataType, type EntityProperty } from '@buildai/domain';

/** What a cell's editor gives back: the value to save, or why the text cannot be saved. */
export type CellParse = { ok: true; value: unknown } | { ok: false; message: string };

// one formatter for every cell: creating one per render costs more than the rest of the cell
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A datetime as the table shows it (local time), or the text as it is when it is not a date. */
export function formatDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : dateTimeFormat.format(date);
}

/** A datetime for `<input type="datetime-local">` (local time, minutes). */
export function toDateTimeLocal(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A value as the text its editor starts with. */
export function editText(value: unknown, dataType: ColumnDataType): string {
  if (value === null || value === undefined) return '';
  if (dataType === 'datetime') return toDateTimeLocal(value);
  if (dataType === 'json') return JSON.stringify(value, null, 2);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** A cell's text when it is not being edited. */
export function displayText(value: unknown, dataType: ColumnDataType): string {
  if (value === null || value === undefined) return '';
  if (dataType === 'datetime') return formatDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The value an editor's text saves, by the column's type (spec 001 §5). */
export function parseCellText(text: string, dataType: ColumnDataType): CellParse {
  switch (dataType) {
    case 'number': {
      if (text.trim() === '') return { ok: true, value: null };
      const n = Number(text);
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, message: 'Enter a number' };
    }
    case 'datetime': {
      if (text.trim() === '') return { ok: true, value: null };
      const date = new Date(text);
      return Number.isNaN(date.getTime())
        ? { ok: false, message: 'Enter a date and time' }
        : { ok: true, value: date.toISOString() };
    }
    case 'json':
      return parseJsonCell(text);
    case 'boolean':
      return { ok: true, value: parseBooleanCell(text) };
    default:
      return { ok: true, value: text };
  }
}

/** Whether two cell values are the same (an edit that changes nothing is not sent). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The longest text a property takes (`maxLength`), when the schema says. */
export function maxLengthOf(property: EntityProperty | undefined): number | undefined {
  const max = property?.maxLength;
  return typeof max === 'number' && max > 0 ? max : undefined;
}

/** The text input's hint when the limit is reached (spec 001 §5). */
export function charactersMax(n: number): string {
  return `${n} characters max`;
}
