import { describe, expect, it } from 'vitest';
import { AppError, type BulkRecordsResponse, type RecordFields } from '@buildai/domain';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { runImport } from './run-import';

const headers = ['title', 'price'];
const mappings = [
  { csvHeader: 'title', schemaField: 'title', dataType: 'text' as const },
  { csvHeader: 'price', schemaField: 'price', dataType: 'number' as const },
];
const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => [`Item ${i + 1}`, String(i + 1)]);
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 2);
const ok = (records: RecordFields[]): BulkRecordsResponse => ({
  created: records.map((_, i) => `id${i}`),
  failed: [],
});

describe('runImport (spec 001 §9)', () => {
  it('sends batches of 10 rows, at most 3 at a time, and counts progress', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const progress: number[] = [];
    const outcome = await runImport({
      headers,
      rows: rowsOf(45),
      rowNumbers: numbers(45),
      mappings,
      send: async (records) => {
        sizes.push(records.length);
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((r) => setTimeout(r, 5));
        inFlight--;
        return ok(records);
      },
      onProgress: (done) => progress.push(done),
    });
    expect(sizes).toEqual([10, 10, 10, 10, 5]);
    expect(most).toBe(3);
    expect(progress.at(-1)).toBe(45);
    expect(progress).toHaveLength(5);
    expect(outcome).toEqual({ total: 45, created: 45, failed: [], requestsFailed: false });
  });

  it('builds each record with the mapping', async () => {
    const sent: RecordFields[][] = [];
    await runImport({
      headers,
      rows: [['Lamp', '19.5']],
      rowNumbers: [2],
      mappings,
      send: async (records) => (sent.push(records), ok(records)),
    });
    expect(sent).toEqual([[{ title: 'Lamp', price: 19.5 }]]);
  });

  it('fails a row whose value its column cannot read, with the reason, and sends the others', async () => {
    const sent: RecordFields[][] = [];
    const outcome = await runImport({
      headers,
      rows: [
        ['Lamp', '0,611553068'],
        ['Desk', 'n/a'],
        ['Chair', '81,2'],
      ],
      rowNumbers: [2, 3, 4],
      mappings: [mappings[0]!, { ...mappings[1]!, decimalSeparator: ',' as const }],
      send: async (records) => (sent.push(records), ok(records)),
    });
    expect(sent).toEqual([
      [
        { title: 'Lamp', price: 0.611553068 },
        { title: 'Chair', price: 81.2 },
      ],
    ]);
    expect(outcome).toEqual({
      total: 3,
      created: 2,
      failed: [{ row: 3, message: "'n/a' in price is not a number" }],
      requestsFailed: false,
    });
  });

  it("keeps the rows the server refused, by their row number in the file, with the server's message", async () => {
    const outcome = await runImport({
      headers,
      rows: rowsOf(12),
      rowNumbers: [2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14],
      mappings,
      send: async (records) =>
        records.length === 10
          ? {
              created: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'],
              failed: [
                { index: 5, message: 'price: must be number' },
                { index: 1, message: 'title is required' },
              ],
            }
          : ok(records),
    });
    expect(outcome.created).toBe(10);
    expect(outcome.failed).toEqual([
      { row: 3, message: 'title is required' },
      { row: 8, message: 'price: must be number' },
    ]);
    expect(outcome.requestsFailed).toBe(false);
  });

  it("counts a failed request's rows as failed, and says when every request failed", async () => {
    const network = new AppError('network', { status: 0, message: NETWORK_ERROR_MESSAGE });
    const outcome = await runImport({
      headers,
      rows: rowsOf(15),
      rowNumbers: numbers(15),
      mappings,
      send: () => Promise.reject(network),
    });
    expect(outcome.created).toBe(0);
    expect(outcome.failed).toHaveLength(15);
    expect(outcome.failed[0]).toEqual({ row: 2, message: NETWORK_ERROR_MESSAGE });
    expect(outcome.requestsFailed).toBe(true);

    let call = 0;
    const partly = await runImport({
      headers,
      rows: rowsOf(15),
      rowNumbers: numbers(15),
      mappings,
      send: (records) => (call++ === 0 ? Promise.reject(network) : Promise.resolve(ok(records))),
    });
    expect(partly).toMatchObject({ created: 5, requestsFailed: false });
    expect(partly.failed).toHaveLength(10);
  });
});
