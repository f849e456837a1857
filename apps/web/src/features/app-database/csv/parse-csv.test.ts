import { describe, expect, it } from 'vitest';
import { databaseTexts } from '@buildai/domain';
import { decodeCsvBytes, isCsvFileName, parseCsvText, readCsvFile, uniqueHeaders } from './parse-csv';

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...new TextEncoder().encode(p)] : p)));

describe('decodeCsvBytes', () => {
  it('reads UTF-8, and drops a byte order mark', () => {
    expect(decodeCsvBytes(bytes('name\nCafé ☕'))).toBe('name\nCafé ☕');
    expect(decodeCsvBytes(bytes([0xef, 0xbb, 0xbf], 'name\nx'))).toBe('name\nx');
  });

  it('reads Windows-1252 when the bytes are not valid UTF-8', () => {
    // 'Café' as Excel writes it on Windows: é is the single byte 0xE9
    expect(decodeCsvBytes(bytes('name\nCaf', [0xe9]))).toBe('name\nCafé');
    // the bytes where Windows-1252 differs from Latin-1: € ‘ ’ “ ” – ™
    expect(decodeCsvBytes(bytes([0x80, 0x91, 0x92, 0x93, 0x94, 0x96, 0x99]))).toBe('€‘’“”–™');
  });
});

describe('parseCsvText (spec 001 §5)', () => {
  it('takes the first row as headers and the rest as rows with their numbers in the file', () => {
    const csv = parseCsvText('title,price\r\nLamp,19.5\r\n\r\n"Desk, oak","120"\r\n', 'items.csv');
    expect({
      fileName: csv.fileName,
      headers: csv.headers,
      rows: csv.rows,
      rowNumbers: csv.rowNumbers,
      delimiter: csv.delimiter,
      delimiterDetected: csv.delimiterDetected,
      encoding: csv.encoding,
    }).toEqual({
      fileName: 'items.csv',
      headers: ['title', 'price'],
      rows: [
        ['Lamp', '19.5'],
        ['Desk, oak', '120'],
      ],
      rowNumbers: [2, 4],
      delimiter: ',',
      delimiterDetected: true,
      encoding: 'utf-8',
    });
  });

  it('pads short rows and cuts long ones to the headers', () => {
    expect(parseCsvText('a,b\n1\n1,2,3').rows).toEqual([
      ['1', ''],
      ['1', '2'],
    ]);
  });

  it('reads a file without quotes cell by cell, as its rows read (line endings, blank lines, short and long rows)', () => {
    const semicolons = parseCsvText('a;b\r\n1;2\r\n\r\n ; \r\n3;4;5\r\n');
    expect([semicolons.delimiter, semicolons.headers, semicolons.rowNumbers]).toEqual([
      ';',
      ['a', 'b'],
      [2, 5],
    ]);
    expect([semicolons.rowCount, semicolons.cell(1, 1), semicolons.cell(1, 2)]).toEqual([2, '4', '']);
    expect(semicolons.rows).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    const returns = parseCsvText('\r x|y\r7|\r\r8|9|');
    expect([returns.headers, returns.rowNumbers, returns.rows]).toEqual([
      ['x', 'y'],
      [3, 5],
      [
        ['7', ''],
        ['8', '9'],
      ],
    ]);
    const tabs = parseCsvText('p\tq\n1\t 2 \n');
    expect([tabs.delimiter, tabs.preview]).toEqual(['\t', [['1', ' 2 ']]]);
  });

  it.each([
    ['an empty file', ''],
    ['blank lines only', '\n \r\n\t\n'],
    ['a file of commas only', ',,\n,,\n'],
  ])("refuses %s: 'CSV file appears to be empty'", (_what, text) => {
    expect(() => parseCsvText(text)).toThrow(databaseTexts.csvEmpty);
  });

  it("refuses headers without rows: 'No valid data rows found in CSV'", () => {
    expect(() => parseCsvText('title,price\n')).toThrow(databaseTexts.csvNoRows);
    expect(() => parseCsvText('title,price\n,\n\n')).toThrow(databaseTexts.csvNoRows);
  });

  it("refuses what is not CSV text: 'Failed to parse CSV file. Please check the format.'", () => {
    expect(() => parseCsvText('title\n"never closed\nmore')).toThrow(databaseTexts.csvParseFailed);
    expect(() => parseCsvText('PK\u0003\u0004\u0000\u0000binary')).toThrow(databaseTexts.csvParseFailed);
  });

  it('names blank headers and numbers repeated ones', () => {
    expect(uniqueHeaders(['Name', ' name ', '', 'Name', 'x'.repeat(300)])).toEqual([
      'Name',
      'name',
      'Column 3',
      'Name (2)',
      'x'.repeat(200),
    ]);
  });
});

describe('readCsvFile', () => {
  it('reads a Windows-1252 file with a BOM-less header', async () => {
    const file = new File([bytes('name,city\nCaf', [0xe9], ',Z', [0xfc], 'rich\n')], 'shops.csv');
    const csv = await readCsvFile(file);
    expect(csv.headers).toEqual(['name', 'city']);
    expect(csv.rows).toEqual([['Café', 'Zürich']]);
  });

  it('reads a UTF-8 file with a BOM: the first header has no stray character', async () => {
    const file = new File([bytes([0xef, 0xbb, 0xbf], 'title,price\nLamp,3\n')], 'a.csv');
    expect((await readCsvFile(file)).headers).toEqual(['title', 'price']);
  });

  it('takes .csv files only', () => {
    expect(isCsvFileName('Data.CSV')).toBe(true);
    expect(isCsvFileName('data.csv.xlsx')).toBe(false);
    expect(isCsvFileName('data.txt')).toBe(false);
  });
});
