import { describe, expect, it } from 'vitest';
import {
  detectDateOrder,
  detectDecimalSeparator,
  keepCsvIdColumn,
  readCsvDate,
  readCsvNumber,
  readCsvRow,
  withColumnReadings,
} from './csv-readings';

describe('the reading of a CSV column (issue 32)', () => {
  it('finds decimal commas from the whole column, and never reads 0,611553068 as 0', () => {
    expect(detectDecimalSeparator(['0,611553068', '81,2', '1'])).toBe(',');
    expect(detectDecimalSeparator(['1.234,5', '7'])).toBe(',');
    expect(detectDecimalSeparator(['1.5', '2'])).toBe('.');
    expect(detectDecimalSeparator(['1,234', '1,234.5'])).toBe('.');
    expect(detectDecimalSeparator(['1,234', '2,000'])).toBe('.'); // thousands only: a point
    expect(readCsvNumber('0,611553068', ',')).toBe(0.611553068);
    expect(readCsvNumber('81,2', ',')).toBe(81.2);
    expect(readCsvNumber('1.234.567,8', ',')).toBe(1234567.8);
    expect(readCsvNumber('1,234,567.8', '.')).toBe(1234567.8);
    expect(readCsvNumber('100 000', '.')).toBe(100000);
    expect(readCsvNumber('-3.5e2', '.')).toBe(-350);
    expect(readCsvNumber('81,2', '.')).toBeNull();
    expect(readCsvNumber('12 kg', '.')).toBeNull();
    expect(readCsvNumber('abc', '.')).toBeNull();
    expect(readCsvNumber('Infinity', '.')).toBeNull();
  });

  it('reads numeric dates day first or month first as the column shows, and never flips one', () => {
    expect(detectDateOrder(['01-04-13', '25-12-13'])).toBe('dmy');
    expect(detectDateOrder(['01/04/2013', '12/25/2013'])).toBe('mdy');
    expect(detectDateOrder(['01.04.2013'])).toBe('dmy');
    expect(detectDateOrder(['01/04/2013'])).toBe('mdy');
    expect(readCsvDate('01-04-13', 'dmy')).toBe('2013-04-01T00:00:00.000Z');
    expect(readCsvDate('01-04-13', 'mdy')).toBe('2013-01-04T00:00:00.000Z');
    expect(readCsvDate('31.12.1999 23:59', 'dmy')).toBe('1999-12-31T23:59:00.000Z');
    expect(readCsvDate('2024-03-05', 'dmy')).toBe('2024-03-05T00:00:00.000Z');
    expect(readCsvDate('31/02/2024', 'dmy')).toBeNull();
    expect(readCsvDate('next week', 'mdy')).toBeNull();
  });

  it('reads every row of a mapped column from cells read one at a time, as from rows', () => {
    const rows = [
      ['1,5', '01/02/2024', 'x'],
      ['2', '25/12/2024', 'y'],
      ['3,25', '', 'z'],
    ];
    const mappings = [
      { csvHeader: 'n', schemaField: 'n', dataType: 'number' as const },
      { csvHeader: 'd', schemaField: 'd', dataType: 'datetime' as const },
    ];
    const read: string[] = [];
    const cells = {
      rowCount: rows.length,
      cell: (r: number, c: number) => {
        read.push(`${r}:${c}`);
        return rows[r]![c] ?? '';
      },
    };
    const fromCells = withColumnReadings(['n', 'd', 'other'], cells, mappings);
    expect(fromCells).toEqual(withColumnReadings(['n', 'd', 'other'], rows, mappings));
    expect(fromCells.map((m) => [m.decimalSeparator, m.dateOrder])).toEqual([
      [',', undefined],
      [undefined, 'dmy'],
    ]);
    // the unmapped column is never read
    expect(read.some((at) => at.endsWith(':2'))).toBe(false);
  });

  it('fails a row whose value cannot be read, with the reason; converts the others', () => {
    const headers = ['Name', 'Score', 'Day'];
    const mappings = withColumnReadings(
      headers,
      [
        ['Ann', '81,2', '25-12-13'],
        ['Bob', 'n/a', '01-04-13'],
      ],
      [
        { csvHeader: 'Name', schemaField: 'name', dataType: 'text' },
        { csvHeader: 'Score', schemaField: 'score', dataType: 'number' },
        { csvHeader: 'Day', schemaField: 'day', dataType: 'datetime' },
      ],
    );
    expect(mappings.map((m) => [m.decimalSeparator, m.dateOrder])).toEqual([
      [undefined, undefined],
      [',', undefined],
      [undefined, 'dmy'],
    ]);
    expect(readCsvRow(headers, ['Ann', '81,2', '01-04-13'], mappings)).toEqual({
      ok: true,
      record: { name: 'Ann', score: 81.2, day: '2013-04-01T00:00:00.000Z' },
    });
    expect(readCsvRow(headers, ['Bob', 'n/a', '01-04-13'], mappings)).toEqual({
      ok: false,
      message: "'n/a' in Score is not a number",
    });
    expect(readCsvRow(headers, ['Cy', '', 'soon'], mappings)).toEqual({
      ok: false,
      message: "'soon' in Day is not a date",
    });
  });

  it('keeps a column named id as external_id', () => {
    expect(
      keepCsvIdColumn([
        { csvHeader: 'ID', schemaField: '', dataType: 'text' },
        { csvHeader: 'name', schemaField: 'name', dataType: 'text' },
      ]),
    ).toEqual([
      { csvHeader: 'ID', schemaField: 'external_id', dataType: 'text' },
      { csvHeader: 'name', schemaField: 'name', dataType: 'text' },
    ]);
  });
});
