import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import JSZip from 'jszip';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, contextMessages } from '@buildai/domain';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import {
  chunkProse,
  type ParseLimits,
  assertCsvHasRows,
  csvLines,
  neutraliseRelationships,
} from '../src/features/context';
import { contextApi, expectErrorBody } from './fixtures/context-api';
import { declareSizes, makeDocx, makePdf } from './fixtures/context-files';
import { json } from './helpers';

let server: TestServer;
/** The parsers' limits: passed where the server is created, shortened by the case that proves them. */
const parseLimits: ParseLimits = {};
let adminToken = '';
let api: ReturnType<typeof contextApi>;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' }, { parseLimits });
  adminToken = (await signUpBuilder(server, 'boss@example.com')).idToken;
  api = contextApi(server, () => adminToken);
});
afterAll(async () => {
  await server?.close();
});

const enc = (s: string) => new TextEncoder().encode(s);

/**
 * The reference the upload's quick check and the reader in turns must agree with: the whole CSV parsed at once,
 * rows with anything in them as lines of CSV, the first the header; no header or no row is `context/csv-invalid`.
 */
function parseCsv(text: string): { header: string; rows: string[] } {
  const line = (cells: unknown[]) => Papa.unparse([cells.map(String)], { newline: '\n' });
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: 'greedy' });
  const [header, ...data] = parsed.data.filter(
    (row) => Array.isArray(row) && row.some((cell) => String(cell).trim() !== ''),
  );
  if (!header || data.length === 0) throw new AppError('context/csv-invalid');
  return { header: line(header), rows: data.map(line) };
}

/** Uploads a file as a fresh moon builder, waits for it and answers the item and its chunks. */
async function ingest(bytes: Uint8Array, name: string) {
  const b = await api.builderOn('moon');
  const res = await api.upload(b.idToken, b.appId, bytes, name);
  expect(res.status).toBe(201);
  const { contextItemId } = await json(res);
  const item = await api.settled(b.idToken, b.appId, contextItemId);
  return { item, chunks: await api.chunks(contextItemId), b };
}

describe('CSV', () => {
  it('keeps rows whole (a long one cut into parts), repeats the header in every chunk and never mixes files', async () => {
    const header = 'id,name,notes';
    const rows = Array.from({ length: 120 }, (_, i) => `${i},item ${i},"note, with comma ${i}"`);
    const longCell = 'x'.repeat(100_000);
    rows.splice(60, 0, `999,long,${longCell}`);
    const { item, chunks } = await ingest(enc([header, ...rows].join('\r\n') + '\r\n'), 'list.csv');
    expect(item).toMatchObject({ status: 'synced', type: 'csv', source: 'local files', name: 'list.csv' });
    expect(item.numOfChunks).toBe(chunks.length);
    const seen: string[] = [];
    let longParts = 0;
    for (const chunk of chunks) {
      const [first, ...body] = chunk.split('\n');
      expect(first).toBe(header);
      expect(body.length).toBeGreaterThan(0);
      // every chunk fits, the long row too: it is cut into parts, each after the header, that give it back
      expect(chunk.length).toBeLessThanOrEqual(1000);
      if (body.length === 1 && /^(999,long,)?x+$/.test(body[0]!)) {
        if (longParts++ > 0) seen[seen.length - 1] += body[0]!;
        else seen.push(body[0]!);
      } else seen.push(...body);
    }
    expect(longParts).toBe(Math.ceil(`999,long,${longCell}`.length / (1000 - header.length - 1)));
    expect(seen).toEqual(rows);
    // the other builder's file is not in these chunks, and these rows are nowhere else
    const other = await ingest(enc('a,b\n1,2\n'), 'other.csv');
    expect(other.chunks).toEqual(['a,b\n1,2']);
  });

  it('treats __proto__ and constructor headers as plain text', async () => {
    const csv = '__proto__,constructor,prototype\n{"polluted":1},x,y\n';
    const { item, chunks } = await ingest(enc(csv), 'proto.csv');
    expect(item.status).toBe('synced');
    expect(chunks).toEqual(['__proto__,constructor,prototype\n"{""polluted"":1}",x,y']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(Object.prototype)).toEqual([]);
  });

  it('checks an upload as the parser reads it, from its first rows', () => {
    const verdict = (check: () => unknown) => {
      try {
        check();
        return 'ok';
      } catch (err) {
        return (err as { code?: string }).code;
      }
    };
    const cases = [
      'a,b\n1,2\n',
      'only,a,header\n',
      '',
      '\n\n \n',
      ',,\n1,2,3\n',
      ',,\n1,2,3\n4,5,6',
      'a,b\n , \n\n',
      'a,b\n , \n\nx,\n',
      '"multi\nline header",b\n"a value\nwith a break",2\n',
      '"unterminated,b\n1,2',
      'h\n' + '\n'.repeat(10_000) + 'row',
    ];
    for (const csv of cases) {
      expect([csv, verdict(() => assertCsvHasRows(csv))]).toEqual([csv, verdict(() => parseCsv(csv))]);
    }
    expect(verdict(() => assertCsvHasRows('a,b\n1,2\n'))).toBe('ok');
    expect(verdict(() => assertCsvHasRows('only,a,header\n'))).toBe('context/csv-invalid');
  });

  it('reads a long CSV a thousand rows at a time into the lines the whole parse gives', async () => {
    const rows = Array.from({ length: 4_321 }, (_, i) =>
      i % 500 === 7 ? ' , ' : i % 3 ? `${i},"two\nlines ${i}",x` : `${i},"a ""quoted"" cell",y`,
    );
    const csv = ['id,"note, long",flag', '', ...rows].join('\r\n');
    const whole = parseCsv(csv);
    const lines: string[] = [];
    for await (const line of csvLines(csv)) lines.push(line);
    expect(lines).toEqual([whole.header, ...whole.rows]);
    expect(lines.length).toBe(4_321 - 9 + 1);
    for (const bad of ['only,a,header\n', '\n\n', ',,\n1,2,3\n']) {
      await expect(
        (async () => {
          for await (const line of csvLines(bad)) void line;
        })(),
      ).rejects.toMatchObject({ code: 'context/csv-invalid' });
    }
  });

  it('refuses a CSV without headers or rows in the request, with the toast text', async () => {
    const b = await api.builderOn('explorer');
    for (const csv of ['only,a,header\n', '', '\n\n', ',,\n1,2,3\n']) {
      expect(await expectErrorBody(await api.upload(b.idToken, b.appId, enc(csv), 'bad.csv'))).toEqual({
        status: 400,
        code: csv === '' ? 'context/no-file' : 'context/csv-invalid',
        message: csv === '' ? 'Please upload a file' : contextMessages.csvInvalid,
      });
    }
    expect((await json(await api.list(b.idToken, b.appId))).contextItems).toEqual([]);
  });
});

describe('DOCX', () => {
  it('extracts the text of a DOCX', async () => {
    const docx = await makeDocx(['Our opening hours are 9 to 5.', 'Returns are accepted within 30 days.']);
    const { item, chunks } = await ingest(docx, 'policy.docx');
    expect(item).toMatchObject({ status: 'synced', type: 'doc', numOfChunks: 1 });
    expect(chunks[0]).toContain('Our opening hours are 9 to 5.');
    expect(chunks[0]).toContain('Returns are accepted within 30 days.');
  });

  it('never reads a file the document links to from outside', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ctx-secret-'));
    const secret = path.join(dir, 'secret.txt');
    writeFileSync(secret, 'TOPSECRET-4411');
    const docx = await makeDocx(['Visible paragraph.'], { externalFile: secret });
    const { item, chunks } = await ingest(docx, 'linked.docx');
    expect(item.status).toBe('synced');
    expect(chunks.join('\n')).toContain('Visible paragraph.');
    expect(chunks.join('\n')).not.toContain('TOPSECRET');
    // and the stored copy keeps the link's id but not its target
    const rels = await (await JSZip.loadAsync(docx)).file('word/_rels/document.xml.rels')!.async('string');
    const safe = neutraliseRelationships(rels);
    expect(rels).toContain(secret);
    expect(safe).not.toContain(secret);
    expect(safe).toContain('Id="rIdExt"');
  });

  it('refuses a zip bomb by its declared sizes and by its ratio, before inflating it', async () => {
    const b = await api.builderOn('moon');
    const rss = process.memoryUsage().rss;
    // 300 MB declared in a small archive
    const declared = declareSizes(await makeDocx(['hello']), 300 * 1024 * 1024);
    expect(await expectErrorBody(await api.upload(b.idToken, b.appId, declared, 'bomb.docx'))).toEqual({
      status: 400,
      code: 'context/unsafe-document',
      message: 'This document could not be read safely',
    });
    // 40 MB of zeros really compressed: under the size cap, far over the ratio
    const zeros = await makeDocx(['hello'], {
      extra: { 'word/media/zeros.bin': new Uint8Array(40 * 1024 * 1024) },
    });
    expect(zeros.length).toBeLessThan(200_000);
    expect((await expectErrorBody(await api.upload(b.idToken, b.appId, zeros, 'zeros.docx'))).code).toBe(
      'context/unsafe-document',
    );
    expect(process.memoryUsage().rss - rss).toBeLessThan(250 * 1024 * 1024);
    expect((await json(await api.list(b.idToken, b.appId))).contextItems).toEqual([]);
  });

  it('refuses a legacy .doc and a renamed file, and reads a DOCX named .doc', async () => {
    const b = await api.builderOn('moon');
    const ole = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    for (const [bytes, name] of [
      [ole, 'old.doc'],
      [enc('plain text'), 'fake.docx'],
      [enc('%PDF-1.4 but called docx'), 'x.docx'],
      [enc('not a pdf'), 'x.pdf'],
      [enc('MZ binary'), 'tool.exe'],
      [Uint8Array.from([104, 105, 0, 104]), 'nul.txt'],
      [Uint8Array.from([0x41, 0x00, 0x42, 0x43]), 'binary.csv'],
    ] as const) {
      expect(await expectErrorBody(await api.upload(b.idToken, b.appId, bytes, name))).toEqual({
        status: 400,
        code: 'context/unsupported-type',
        message: 'This file type is not supported',
      });
    }
    const asDoc = await api.upload(b.idToken, b.appId, await makeDocx(['Named doc']), 'named.doc');
    expect(asDoc.status).toBe(201);
    const item = await api.settled(b.idToken, b.appId, (await json(asDoc)).contextItemId);
    expect(item).toMatchObject({ status: 'synced', type: 'doc' });
  });
});

describe('PDF', () => {
  it('extracts the text of a PDF page by page', async () => {
    const pdf = await makePdf(['Quarterly revenue grew by twelve percent.', 'Second page mentions Lisbon.']);
    const { item, chunks } = await ingest(pdf, 'report.pdf');
    expect(item).toMatchObject({ status: 'synced', type: 'pdf' });
    const text = chunks.join('\n');
    expect(text).toContain('Quarterly revenue grew by twelve percent.');
    expect(text).toContain('Second page mentions Lisbon.');
  });

  it('cuts off a parse that takes too long and keeps no chunks', async () => {
    const words = Array.from({ length: 700 }, (_, i) => `word${i}`).join(' ');
    const pdf = await makePdf(Array.from({ length: 300 }, () => words));
    parseLimits.timeoutMs = 50;
    try {
      const { item, chunks } = await ingest(pdf, 'huge.pdf');
      expect(item).toMatchObject({
        status: 'error',
        errorMessage: 'This document took too long to read',
        numOfChunks: 0,
      });
      expect(chunks).toEqual([]);
    } finally {
      delete parseLimits.timeoutMs;
    }
  });

  it('ends a PDF that cannot be read in error, with no chunks', async () => {
    const { item, chunks } = await ingest(enc('%PDF-1.7\n' + 'garbage '.repeat(100)), 'broken.pdf');
    expect(item.status).toBe('error');
    expect(item.errorMessage).toBeTruthy();
    expect(chunks).toEqual([]);
  });
});

describe('prose chunks', () => {
  it('are at most 1000 characters, cut at whitespace, overlapping by about 200', () => {
    const words = Array.from({ length: 3000 }, (_, i) => `w${i}`);
    const chunks = chunkProse(words.join(' '));
    expect(chunks.length).toBeGreaterThan(10);
    let covered = -1;
    for (const [i, chunk] of chunks.entries()) {
      expect(chunk.length).toBeLessThanOrEqual(1000);
      const ws = chunk.split(' ');
      // whole words only
      for (const w of ws) expect(words).toContain(w);
      const first = Number(ws[0]!.slice(1));
      const last = Number(ws.at(-1)!.slice(1));
      if (i > 0) {
        const overlap = chunks[i - 1]!.length - chunks[i - 1]!.indexOf(ws[0]!);
        expect(overlap).toBeGreaterThan(120);
        expect(overlap).toBeLessThanOrEqual(200);
      }
      expect(first).toBeLessThanOrEqual(covered + 1);
      covered = last;
    }
    expect(covered).toBe(2999);
  });

  it('cuts text without whitespace and keeps surrogate pairs whole', () => {
    const text = '😀'.repeat(1500);
    const chunks = chunkProse(text);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(1000);
      expect(chunk).toMatch(/^(😀)+$/u);
    }
  });
});
