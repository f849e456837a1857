// Issue 32: the CSV wizard's reading of real files from public test corpora (frictionless-py, csv-spectrum,
// PapaParse, pandas, CharlesNepote/CSV-test-files, chardet's encodings corpus), kept in apps/server/tests/fixtures/csv-real with their source
// (MANIFEST.tsv: repository, commit, path).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectDateOrder, detectDecimalSeparator, readCsvDate, readCsvNumber } from '@buildai/domain';
import { parseCsvBytes, rereadCsv } from './parse-csv';

const dir = path.resolve(process.cwd(), 'apps/server/tests/fixtures/csv-real');
const file = (name: string) => readFileSync(path.join(dir, name));
const read = (name: string) => parseCsvBytes(new Uint8Array(file(name)), name);

describe('real CSV files', () => {
  it('every file of the manifest is there, with its repository, commit and path', () => {
    const lines = file('MANIFEST.tsv').toString('utf8').trim().split('\n').slice(1);
    expect(lines.length).toBeGreaterThanOrEqual(20);
    for (const line of lines) {
      const [name, repo, commit, source] = line.split('\t');
      expect(repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(commit).toMatch(/^[0-9a-f]{40}$/);
      expect(source).toMatch(/\.(csv|txt)$/);
      expect(file(name!).length).toBeGreaterThan(0);
    }
  });

  it('reads Greek ISO-8859-7 and Latin-1 text in the encoding a detector finds, not as Windows-1252', () => {
    const greek = read('frictionless-iso-8859-7.csv');
    expect(['iso-8859-7', 'windows-1253']).toContain(greek.encoding);
    expect(greek.rows.slice(0, 2)).toEqual([
      ['1', '39', 'Λεωνιδας'],
      ['2', '23', 'Αλεξανδρος'],
    ]);
    const latin = read('nepote-basic-iso-8859-1-crlf.csv');
    expect(latin.rows.at(-1)).toEqual(['Hélène', 'Mahé', '42']);
    // the builder can still choose another encoding: the bytes are read again
    expect(rereadCsv(greek, { encoding: 'utf-8' }).rows[0]![2]).not.toBe('Λεωνιδας');
  });

  it("reads Shift-JIS text (chardet's corpus, one column) as Japanese, not as Windows-1252", () => {
    const sjis = read('chardet-shift-jis-ude-2.txt');
    expect(sjis.encoding).toBe('shift_jis');
    expect(sjis.rows[0]![0]!.trim()).toBe(
      'コンソール アプリケーション : universalchardet プロジェクトの概要',
    );
    expect(rereadCsv(sjis, { encoding: 'windows-1252' }).rows[0]![0]).not.toContain('コンソール');
  });

  it('reads UTF-8 with and without a byte order mark, quotes, commas and line breaks in cells', () => {
    expect(read('spectrum-utf8.csv').rows).toEqual([
      ['1', '2', '3'],
      ['4', '5', 'ʤ'],
    ]);
    expect(read('papaparse-utf-8-bom-sample.csv').headers[0]).toBe('A');
    expect(read('frictionless-bom.csv').headers).toEqual(['id', 'name']);
    expect(read('spectrum-comma_in_quotes.csv').rows[0]).toEqual([
      'John',
      'Doe',
      '120 any st.',
      'Anytown, WW',
      '08123',
    ]);
    expect(read('spectrum-escaped_quotes.csv').rows[0]).toEqual(['1', 'ha "ha" ha']);
    expect(read('spectrum-newlines_crlf.csv').rows[1]![0]).toMatch(/^Once upon \r?\na time$/);
    expect(read('frictionless-table-id.csv').rows[1]).toEqual(['2', '中国人']);
  });

  it('finds semicolons, and offers the choice when a file does not tell', () => {
    for (const name of [
      'frictionless-delimiter-semicolon.csv',
      'frictionless-accent-semicolon.csv',
      'frictionless-vix-semicolon.csv',
      'frictionless-issue-1100.csv',
    ]) {
      const csv = read(name);
      expect([csv.delimiter, csv.delimiterDetected], name).toEqual([';', true]);
      expect(csv.headers.length, name).toBeGreaterThan(1);
    }
    // one column of numbers: nothing tells the delimiter; the wizard asks
    const floats = read('frictionless-floats.csv');
    expect(floats.delimiterDetected).toBe(false);
    expect(floats.headers).toEqual(['number']);
  });

  it("reads pandas' test1.csv: ISO dates with a time and signed decimal numbers", () => {
    const csv = read('pandas-test1.csv');
    expect([csv.delimiter, csv.delimiterDetected]).toEqual([',', true]);
    expect(csv.headers).toEqual(['index', 'A', 'B', 'C', 'D']);
    const column = (i: number) => csv.rows.map((r) => r[i]!);
    expect(detectDecimalSeparator(column(2))).toBe('.');
    expect(column(2).map((v) => readCsvNumber(v, '.'))).toContain(-0.0412318367011);
    expect(column(2).every((v) => readCsvNumber(v, '.') !== null)).toBe(true);
    // year first: the order the column would be read in does not matter
    expect(detectDateOrder(column(0))).toBe('mdy');
    expect(readCsvDate(column(0)[0]!, 'dmy')).toBe('2000-01-03T00:00:00.000Z');
    expect(readCsvDate(column(0)[0]!, 'mdy')).toBe('2000-01-03T00:00:00.000Z');
  });

  it('reads a wide file (frictionless wide.csv) with every column', () => {
    const wide = read('frictionless-wide.csv');
    expect(wide.headers.length).toBeGreaterThan(1000);
    expect(wide.rows.every((row) => row.length === wide.headers.length)).toBe(true);
  });
});
