import { describe, expect, it } from 'vitest';
import {
  convertCsvValue,
  csvDataTypeOf,
  csvExportFileName,
  csvRowToRecord,
  csvTargetFields,
  fallbackCsvMapping,
  isCsvStringArray,
  neutraliseCsvCell,
  type EntitySchema,
} from './index';

const schema: Pick<EntitySchema, 'properties'> = {
  properties: {
    title: { type: 'string' },
    price: { type: 'number' },
    count: { type: 'integer' },
    done: { type: 'boolean' },
    due: { type: 'string', format: 'date-time' },
    tags: { type: 'array', items: { type: 'string' } },
    colours: { type: 'array', items: { enum: ['red', 'blue'] } },
    scores: { type: 'array', items: { type: 'number' } },
    meta: { type: 'object' },
    address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } } },
  },
};

describe('convertCsvValue (spec 001 §5)', () => {
  it('parses numbers as floats and leaves out what is not a number', () => {
    expect(convertCsvValue('3.25', { dataType: 'number' })).toBe(3.25);
    expect(convertCsvValue('-7', { dataType: 'number' })).toBe(-7);
    expect(convertCsvValue('12 kg', { dataType: 'number' })).toBe(12);
    expect(convertCsvValue('abc', { dataType: 'number' })).toBeUndefined();
    expect(convertCsvValue('Infinity', { dataType: 'number' })).toBeUndefined();
  });

  it("takes a boolean as true only for 'true', in any case", () => {
    expect(convertCsvValue('true', { dataType: 'boolean' })).toBe(true);
    expect(convertCsvValue(' TRUE ', { dataType: 'boolean' })).toBe(true);
    expect(convertCsvValue('True', { dataType: 'boolean' })).toBe(true);
    expect(convertCsvValue('yes', { dataType: 'boolean' })).toBe(false);
    expect(convertCsvValue('1', { dataType: 'boolean' })).toBe(false);
    expect(convertCsvValue('false', { dataType: 'boolean' })).toBe(false);
  });

  it('turns a date into an ISO string and keeps text that is no date', () => {
    expect(convertCsvValue('2024-03-05T10:20:30Z', { dataType: 'datetime' })).toBe(
      '2024-03-05T10:20:30.000Z',
    );
    expect(convertCsvValue('2024-03-05', { dataType: 'datetime' })).toBe('2024-03-05T00:00:00.000Z');
    expect(convertCsvValue('next week', { dataType: 'datetime' })).toBe('next week');
  });

  it('parses JSON and falls back to the raw text', () => {
    expect(convertCsvValue('{"a":[1,2]}', { dataType: 'json' })).toEqual({ a: [1, 2] });
    expect(convertCsvValue('[1, 2]', { dataType: 'json' })).toEqual([1, 2]);
    expect(convertCsvValue('{not json', { dataType: 'json' })).toBe('{not json');
  });

  it('keeps text as it is', () => {
    expect(convertCsvValue('  Hello, world  ', { dataType: 'text' })).toBe('  Hello, world  ');
  });

  it.each([
    [',', 'a, b,,c ,'],
    [';', 'a; b;;c ;'],
    ['|', 'a| b||c |'],
    ['\n', 'a\n b\n\nc \n'],
    ['\t', 'a\t b\t\tc \t'],
  ] as const)('splits a string array by %j, trimmed, empties dropped', (splitCharacter, raw) => {
    expect(convertCsvValue(raw, { dataType: 'text', splitCharacter })).toEqual(['a', 'b', 'c']);
  });

  it('reads a JSON array of strings (as the export writes it) in a split cell', () => {
    expect(convertCsvValue('["a, b", " c ", ""]', { dataType: 'text', splitCharacter: ',' })).toEqual([
      'a, b',
      'c',
    ]);
    expect(convertCsvValue('[1, 2]', { dataType: 'text', splitCharacter: ',' })).toEqual(['[1', '2]']);
    expect(convertCsvValue('[a, b]', { dataType: 'text', splitCharacter: ',' })).toEqual(['[a', 'b]']);
  });

  it('leaves an empty or blank cell out', () => {
    for (const dataType of ['text', 'number', 'boolean', 'datetime', 'json'] as const) {
      expect(convertCsvValue('', { dataType })).toBeUndefined();
      expect(convertCsvValue('   ', { dataType })).toBeUndefined();
    }
    expect(convertCsvValue('', { dataType: 'text', splitCharacter: ',' })).toBeUndefined();
  });
});

describe('CSV types of properties', () => {
  it('maps each property type onto a CSV type', () => {
    const types = Object.fromEntries(csvTargetFields(schema).map((f) => [f.path, csvDataTypeOf(f.property)]));
    expect(types).toEqual({
      title: 'text',
      price: 'number',
      count: 'number',
      done: 'boolean',
      due: 'datetime',
      tags: 'text',
      colours: 'text',
      scores: 'json',
      meta: 'json',
      'address.city': 'text',
      'address.zip': 'text',
    });
  });

  it('takes the first CSV rule that matches: datetime, boolean, number, text, a string list; json otherwise', () => {
    expect(csvDataTypeOf({ type: 'number', format: 'date-time' })).toBe('datetime');
    expect(csvDataTypeOf({ type: ['boolean', 'string'] })).toBe('boolean');
    expect(csvDataTypeOf({ type: ['string', 'integer'] })).toBe('number');
    expect(csvDataTypeOf({ type: ['string', 'null'] })).toBe('text');
    expect(csvDataTypeOf({ type: 'array', items: { enum: ['a'] } })).toBe('text');
    expect(csvDataTypeOf({ type: 'array', items: { enum: [1] } })).toBe('json');
    expect(csvDataTypeOf({})).toBe('json');
  });

  it('knows string arrays: typed items or an enum of strings', () => {
    expect(isCsvStringArray({ type: 'array', items: { type: 'string' } })).toBe(true);
    expect(isCsvStringArray({ type: ['array', 'null'], items: { type: 'string', enum: ['a'] } })).toBe(true);
    expect(isCsvStringArray({ type: 'array', items: { enum: ['a', 'b'] } })).toBe(true);
    expect(isCsvStringArray({ type: 'array', items: { type: 'number' } })).toBe(false);
    expect(isCsvStringArray({ type: 'array', items: { enum: [1, 2] } })).toBe(false);
    expect(isCsvStringArray({ type: 'array' })).toBe(false);
    expect(isCsvStringArray({ type: 'string' })).toBe(false);
  });
});

describe('fallbackCsvMapping', () => {
  it('matches headers case-insensitively, nested fields by path or last name, the rest not imported', () => {
    expect(
      fallbackCsvMapping(['TITLE', ' Price ', 'Done', 'due', 'Tags', 'city', 'address.zip', 'Notes'], schema),
    ).toEqual([
      { csvHeader: 'TITLE', schemaField: 'title', dataType: 'text' },
      { csvHeader: ' Price ', schemaField: 'price', dataType: 'number' },
      { csvHeader: 'Done', schemaField: 'done', dataType: 'boolean' },
      { csvHeader: 'due', schemaField: 'due', dataType: 'datetime' },
      { csvHeader: 'Tags', schemaField: 'tags', dataType: 'text', splitCharacter: ',' },
      { csvHeader: 'city', schemaField: 'address.city', dataType: 'text' },
      { csvHeader: 'address.zip', schemaField: 'address.zip', dataType: 'text' },
      { csvHeader: 'Notes', schemaField: '', dataType: 'text' },
    ]);
  });

  it('splits only arrays of strings; other arrays are JSON', () => {
    const [colours, scores] = fallbackCsvMapping(['colours', 'scores'], schema);
    expect(colours).toEqual({
      csvHeader: 'colours',
      schemaField: 'colours',
      dataType: 'text',
      splitCharacter: ',',
    });
    expect(scores).toEqual({ csvHeader: 'scores', schemaField: 'scores', dataType: 'json' });
  });

  it('prefers a full path over a nested last name, and maps a field once', () => {
    const s = {
      properties: {
        address: { type: 'object', properties: { name: { type: 'string' } } },
        name: { type: 'string' },
      },
    };
    expect(fallbackCsvMapping(['name', 'Name', 'NAME'], s).map((m) => m.schemaField)).toEqual([
      'name',
      'address.name',
      '',
    ]);
  });

  it('does not map a blank header', () => {
    expect(fallbackCsvMapping([''], { properties: { x: { type: 'string' } } })[0]!.schemaField).toBe('');
  });
});

describe('csvRowToRecord', () => {
  it('builds the record of a row: converted values, dot paths nested, unmapped and empty cells left out', () => {
    const headers = ['Title', 'Price', 'Done', 'Tags', 'City', 'Zip', 'Ignored', 'Meta'];
    const mappings = fallbackCsvMapping(headers, schema);
    const row = ['Lamp', '19.5', 'TRUE', 'home; office', 'Paris', '', 'x', '{"a":1}'];
    mappings[3] = { ...mappings[3]!, splitCharacter: ';' };
    expect(csvRowToRecord(headers, row, mappings)).toEqual({
      title: 'Lamp',
      price: 19.5,
      done: true,
      tags: ['home', 'office'],
      address: { city: 'Paris' },
      meta: { a: 1 },
    });
  });

  it('takes missing cells of a short row as empty', () => {
    const headers = ['title', 'price'];
    expect(csvRowToRecord(headers, ['Only title'], fallbackCsvMapping(headers, schema))).toEqual({
      title: 'Only title',
    });
  });

  it('sets a property named __proto__ as an own field, never the prototype', () => {
    const s = JSON.parse('{"properties":{"__proto__":{"type":"string"}}}') as Pick<
      EntitySchema,
      'properties'
    >;
    const headers = ['__proto__'];
    const record = csvRowToRecord(
      headers,
      ['x'],
      [{ csvHeader: '__proto__', schemaField: '__proto__', dataType: 'json' }],
    );
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.hasOwn(record, '__proto__')).toBe(true);
    expect(JSON.stringify(record)).toBe('{"__proto__":"x"}');
    expect(fallbackCsvMapping(headers, s)[0]!.schemaField).toBe('__proto__');
  });
});

describe('export helpers', () => {
  it.each(['=1+2', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("http://evil")'])(
    'neutralises %j',
    (cell) => {
      expect(neutraliseCsvCell(cell)).toBe(`'${cell}`);
    },
  );

  it('leaves other cells alone', () => {
    for (const cell of ['', 'plain', ' =1', 'a=b', '1-2', "'quoted"])
      expect(neutraliseCsvCell(cell)).toBe(cell);
  });

  it('names the file {entity}_export_{YYYY-MM-DD}.csv on the local date', () => {
    expect(csvExportFileName('Task', new Date(2026, 0, 7, 23, 59))).toBe('Task_export_2026-01-07.csv');
    expect(csvExportFileName('Order_Item', new Date(2025, 11, 31, 0, 0))).toBe(
      'Order_Item_export_2025-12-31.csv',
    );
  });
});
