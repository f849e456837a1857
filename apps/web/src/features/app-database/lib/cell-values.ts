import type { EntityProperty } from '@buildai/domain';

/**
 * What the column types share to turn values into text and back. Kept apart from `cells.ts`, which looks types up
 * in the registry: the types import this file, so it must not reach the registry.
 */

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

/** A value as one line of text: nothing for no value, an object or array as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Whether a cell holds nothing to show (an empty select, multiselect or image cell stays blank). */
export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** Text longer than this, or with a line break, is edited in a modal. */
export const LONG_CELL_CHARS = 50;
export function isLongText(value: string): boolean {
  return value.length > LONG_CELL_CHARS || value.includes('\n');
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
