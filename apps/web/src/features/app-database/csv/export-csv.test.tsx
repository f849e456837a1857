import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { databaseTexts, type EntitySchema } from '@buildai/domain';
import { render, screen } from '@testing-library/react';
import { Toaster } from '@/components/ui/toaster';
import { mockApi } from '@/test/mock-api';
import { exportCell, exportEntityCsv, recordsToCsv } from './export-csv';

const schema: EntitySchema = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    price: { type: 'number' },
    tags: { type: 'array', items: { type: 'string' } },
    meta: { type: 'object' },
  },
};
const RECORDS = 'GET /api/apps/a1/entities/Product/records';
const record = (over: Record<string, unknown>) => ({
  id: 'r1',
  createdAt: '2026-11-24T10:00:00.000Z',
  creatorId: 'u1',
  ...over,
});

/** The blobs handed to the browser as downloads, and their file names. */
function captureDownloads() {
  const blobs: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => (blobs.push(blob), `blob:${blobs.length}`)),
      revokeObjectURL: vi.fn(),
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return { blobs, names };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 10, 24, 15, 30));
  // the toasts the export shows, as the page shows them
  render(<Toaster />);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('export cells', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(exportCell('=HYPERLINK("http://evil","x")')).toBe('\'=HYPERLINK("http://evil","x")');
    expect(exportCell('+1')).toBe("'+1");
    expect(exportCell('-1+2')).toBe("'-1+2");
    expect(exportCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(exportCell('\t=1')).toBe("'\t=1");
    expect(exportCell('\r=1')).toBe("'\r=1");
    expect(exportCell('plain')).toBe('plain');
  });

  it('writes numbers and booleans as they are, nothing for no value, the rest as JSON', () => {
    expect(exportCell(-5)).toBe('-5');
    expect(exportCell(true)).toBe('true');
    expect(exportCell(null)).toBe('');
    expect(exportCell(undefined)).toBe('');
    expect(exportCell(['a', 'b'])).toBe('["a","b"]');
    expect(exportCell({ a: 1 })).toBe('{"a":1}');
  });

  it("writes the entity's properties, then id, createdAt and creatorId, after a byte order mark", () => {
    const text = recordsToCsv(
      [record({ title: '=1+1', price: 3, tags: ['x', 'y'], meta: { k: 'v' } })],
      schema,
    );
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1)).data;
    expect(rows).toEqual([
      ['title', 'price', 'tags', 'meta', 'id', 'createdAt', 'creatorId'],
      ["'=1+1", '3', '["x","y"]', '{"k":"v"}', 'r1', '2026-11-24T10:00:00.000Z', 'u1'],
    ]);
  });
});

describe('exportEntityCsv', () => {
  it('downloads {entity}_export_{YYYY-MM-DD}.csv with every record, page after page', async () => {
    const api = mockApi({
      [RECORDS]: [
        { body: { records: [record({ id: 'r2', title: 'Desk' })], nextCursor: 'c1' } },
        { body: { records: [record({ id: 'r1', title: '@evil', price: 2 })], nextCursor: null } },
      ],
    });
    const downloads = captureDownloads();
    await expect(exportEntityCsv({ appId: 'a1', entity: 'Product', schema })).resolves.toBe(true);
    expect(api.to(RECORDS).map((r) => r.query.get('cursor'))).toEqual([null, 'c1']);
    expect(downloads.names).toEqual(['Product_export_2026-11-24.csv']);
    const bytes = new Uint8Array(await downloads.blobs[0]!.arrayBuffer());
    // UTF-8 with a byte order mark, so Excel does not read it as the machine's code page
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(downloads.blobs[0]!.type).toBe('text/csv;charset=utf-8');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(
      '\uFEFFtitle,price,tags,meta,id,createdAt,creatorId\r\n' +
        'Desk,,,,r2,2026-11-24T10:00:00.000Z,u1\r\n' +
        "'@evil,2,,,r1,2026-11-24T10:00:00.000Z,u1",
    );
    expect(screen.queryByText(databaseTexts.noDataToExport)).toBeNull();
  });

  it("says 'No data to export' and resolves false when there is no record", async () => {
    mockApi({ [RECORDS]: { body: { records: [], nextCursor: null } } });
    const downloads = captureDownloads();
    await expect(exportEntityCsv({ appId: 'a1', entity: 'Product', schema })).resolves.toBe(false);
    expect(await screen.findByText(databaseTexts.noDataToExport)).toBeTruthy();
    expect(downloads.names).toEqual([]);
  });
});
