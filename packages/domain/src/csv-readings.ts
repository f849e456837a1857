import type { CsvMapping } from './entity-csv';
import { convertCsvValue, setByPath } from './entity-csv';
import type { RecordFields } from './entities';

/**
 * How a CSV column's numbers and dates are read (issue 32, docs/decisions/0016): decided per column from the whole
 * file, shown in the mapping step and changeable there. A value that cannot be read that way fails its row with the
 * reason; nothing is stored half-read (`0,611553068` never becomes 0, `01-04-13` never flips day and month).
 */
export type CsvDecimalSeparator = '.' | ',';
export type CsvDateOrder = 'dmy' | 'mdy';

export interface CsvColumnReading {
  decimalSeparator?: CsvDecimalSeparator;
  dateOrder?: CsvDateOrder;
}

/** A mapping with the reading of its column. */
export type ReadCsvMapping = CsvMapping & CsvColumnReading;

const SPACES = /[\s\u00a0\u202f']/g;

/**
 * The decimal separator of a column: a comma when some value can only be a decimal comma (`81,2`, `0,611553068`,
 * `1.234,5`) and none can only be a decimal point (`1.5`, `1,234.5`); else a point. `1,234` and `1.234` say nothing
 * on their own (thousands or decimals).
 */
export function detectDecimalSeparator(values: readonly string[]): CsvDecimalSeparator {
  let comma = 0;
  let point = 0;
  for (const raw of values) {
    const v = raw.trim().replace(SPACES, '').replace(/^[-+]/, '');
    if (!/^[\d.,]+$/.test(v) || !/\d/.test(v)) continue;
    const lastComma = v.lastIndexOf(',');
    const lastPoint = v.lastIndexOf('.');
    if (lastComma >= 0 && lastPoint >= 0) {
      if (lastComma > lastPoint) comma++;
      else point++;
    } else if (lastComma >= 0) {
      if (!/^\d{1,3}(,\d{3})+$/.test(v)) comma++;
    } else if (lastPoint >= 0) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(v)) point++;
    }
  }
  return comma > 0 && point === 0 ? ',' : '.';
}

const NUMERIC_DATE = /^(\d{1,4})[-/.](\d{1,2})[-/.](\d{1,4})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The order of a column's numeric dates (`01-04-13`, `31/12/2024`): day first when some value has a first part over
 * 12, month first when some value has a second part over 12; when every value fits both, dots mean day first (as
 * they are written in Europe), otherwise month first. Dates with the year first (ISO) are read as they are.
 */
export function detectDateOrder(values: readonly string[]): CsvDateOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  let dots = 0;
  let numeric = 0;
  for (const raw of values) {
    const m = NUMERIC_DATE.exec(raw.trim());
    if (!m || m[1]!.length > 2) continue;
    numeric++;
    if (raw.includes('.')) dots++;
    if (Number(m[1]) > 12) dayFirst++;
    if (Number(m[2]) > 12) monthFirst++;
  }
  if (dayFirst > 0 && monthFirst === 0) return 'dmy';
  if (monthFirst > 0 && dayFirst === 0) return 'mdy';
  return numeric > 0 && dots === numeric ? 'dmy' : 'mdy';
}

/** Whether a mapping still lacks the reading its type needs (a new field or type was chosen). */
export function needsColumnReading(mapping: ReadCsvMapping): boolean {
  if (mapping.splitCharacter) return false;
  if (mapping.dataType === 'number') return mapping.decimalSeparator === undefined;
  if (mapping.dataType === 'datetime') return mapping.dateOrder === undefined;
  return false;
}

/** A file's data cells: its rows, or how many there are and one cell at a time (a wide file's cells kept unsplit). */
export type CsvCells =
  readonly (readonly string[])[] | { rowCount: number; cell: (row: number, column: number) => string };

/**
 * The readings of each mapped column, from every value of the file. Only the columns mapped as numbers or dates are
 * read (the fields of an entity, however wide the file).
 */
export function withColumnReadings(
  headers: readonly string[],
  rows: CsvCells,
  mappings: readonly CsvMapping[],
): ReadCsvMapping[] {
  const valuesOf = (index: number): string[] =>
    'cell' in rows
      ? Array.from({ length: rows.rowCount }, (_, r) => rows.cell(r, index))
      : rows.map((row) => row[index] ?? '');
  const columnOf = new Map(headers.map((h, i) => [h, i] as const));
  return mappings.map((mapping) => {
    if (mapping.splitCharacter || (mapping.dataType !== 'number' && mapping.dataType !== 'datetime')) {
      const { decimalSeparator: _d, dateOrder: _o, ...plain } = mapping as ReadCsvMapping;
      return plain;
    }
    const index = columnOf.get(mapping.csvHeader) ?? -1;
    const values = index < 0 ? [] : valuesOf(index);
    return mapping.dataType === 'number'
      ? { ...mapping, decimalSeparator: detectDecimalSeparator(values) }
      : { ...mapping, dateOrder: detectDateOrder(values) };
  });
}

/** A number as the column writes it, or null when the whole value is not one. */
export function readCsvNumber(raw: string, separator: CsvDecimalSeparator = '.'): number | null {
  let v = raw.trim().replace(SPACES, '');
  const group = separator === ',' ? '.' : ',';
  // thousands groups only where they are groups (1.234.567,8 / 1,234,567.8)
  const grouped = new RegExp(`^[-+]?\\d{1,3}(\\${group}\\d{3})+(\\${separator}\\d+)?$`);
  if (grouped.test(v)) v = v.split(group).join('');
  if (separator === ',') v = v.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A date as an ISO string, numeric ones read in the column's order; null when the value is not a date. */
export function readCsvDate(raw: string, order: CsvDateOrder = 'mdy'): string | null {
  const v = raw.trim();
  const m = NUMERIC_DATE.exec(v);
  if (m) {
    const [parsedYear, month, day] =
      m[1]!.length > 2
        ? [Number(m[1]), Number(m[2]), Number(m[3])]
        : order === 'dmy'
          ? [Number(m[3]), Number(m[2]), Number(m[1])]
          : [Number(m[3]), Number(m[1]), Number(m[2])];
    const twoDigits = m[1]!.length <= 2 && m[3]!.length === 2;
    const year = twoDigits ? parsedYear + (parsedYear < 50 ? 2000 : 1900) : parsedYear;
    const [h, min, s] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
    const d = new Date(Date.UTC(year, month - 1, day, h, min, s));
    if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
    if (h > 23 || min > 59 || s > 59) return null;
    return d.toISOString();
  }
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The outcome of one row: its record, or why it cannot be imported. */
export type CsvRowResult = { ok: true; record: RecordFields } | { ok: false; message: string };

const shown = (raw: string) => (raw.length > 60 ? `${raw.slice(0, 60)}…` : raw);

/**
 * The record of one CSV row under its mappings and their column readings (unmapped columns are ignored), or the
 * first value that cannot be read as its column says: "'12 kg' in Weight is not a number".
 */
export function readCsvRow(
  headers: readonly string[],
  row: readonly string[],
  mappings: readonly ReadCsvMapping[],
  columnOf: (header: string) => number = (h) => headers.indexOf(h),
): CsvRowResult {
  const record: RecordFields = {};
  for (const mapping of mappings) {
    if (!mapping.schemaField) continue;
    const index = columnOf(mapping.csvHeader);
    if (index < 0) continue;
    const raw = row[index] ?? '';
    if (raw.trim() === '') continue;
    let value: unknown;
    if (!mapping.splitCharacter && mapping.dataType === 'number') {
      value = readCsvNumber(raw, mapping.decimalSeparator);
      if (value === null)
        return { ok: false, message: `'${shown(raw.trim())}' in ${mapping.csvHeader} is not a number` };
    } else if (!mapping.splitCharacter && mapping.dataType === 'datetime') {
      value = readCsvDate(raw, mapping.dateOrder);
      if (value === null)
        return { ok: false, message: `'${shown(raw.trim())}' in ${mapping.csvHeader} is not a date` };
    } else {
      value = convertCsvValue(raw, mapping);
    }
    if (value !== undefined) setByPath(record, mapping.schemaField, value);
  }
  return { ok: true, record };
}

/** Where a CSV column named `id` goes: every record has its own id, set by the app database. */
export const CSV_ID_FIELD = 'external_id';

/**
 * A column named `id` cannot become the records' ids (the app database sets them): left unmapped, it is mapped to a
 * field of its own, `external_id` (text), unless another column goes there; the mapping step says so.
 */
export function keepCsvIdColumn(mappings: readonly CsvMapping[]): CsvMapping[] {
  if (mappings.some((m) => m.schemaField === CSV_ID_FIELD)) return [...mappings];
  let done = false;
  return mappings.map((m) => {
    if (done || m.schemaField || m.csvHeader.trim().toLowerCase() !== 'id') return m;
    done = true;
    return { csvHeader: m.csvHeader, schemaField: CSV_ID_FIELD, dataType: 'text' };
  });
}
