// Documents as people really upload them: what each one ends as, and what the builder is told.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { getResolvedPDFJS } from 'unpdf';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { AppError, maxFileBytes } from '@buildai/domain';
import { freePort, signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import {
  cleanText,
  isTransientError,
  parseHeapMbFor,
  retrieveContext,
  storeExtractedText,
  type ParseLimits,
} from '../src/features/context';
import { contextApi } from './fixtures/context-api';
import { json } from './helpers';

let server: TestServer;
/** The parsers' limits of this server, changed by a case and put back after it. */
const parseLimits: ParseLimits = {};
let adminToken = '';
let api: ReturnType<typeof contextApi>;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'documents@example.com' }, { parseLimits });
  adminToken = (await signUpBuilder(server, 'documents@example.com')).idToken;
  api = contextApi(server, () => adminToken);
});
afterAll(async () => {
  await server?.close();
});

async function pasted(text: string) {
  const b = await api.builderOn('moon');
  const res = await api.ingestText(b.idToken, b.appId, { context: text });
  expect(res.status).toBe(201);
  const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId);
  return { b, item };
}

describe('U+0000 in extracted text', () => {
  it('is stripped, with lone surrogates made U+FFFD', () => {
    expect(cleanText('a\u0000b\ud800c\udc00d\ud83d\ude00')).toBe('ab\ufffdc\ufffdd\ud83d\ude00');
  });

  it('no longer fails a document read in parts: it syncs without it', async () => {
    const { item } = await pasted('The earlier text.');
    async function* parts() {
      yield 'Page one holds a NUL\u0000 here. ';
      yield 'Page two is plain.';
    }
    await storeExtractedText({
      platform: server.platform,
      itemId: item.id,
      extracted: { kind: 'prose-parts', parts: parts() },
    });
    expect(await api.row(item.id)).toMatchObject({ status: 'synced', numOfChunks: 1 });
    expect(await api.chunks(item.id)).toEqual(['Page one holds a NUL here. Page two is plain.']);
  });

  it('in pasted text is dropped, and the text syncs', async () => {
    const { item } = await pasted('Opening hours\u0000 are nine to five.');
    expect(item).toMatchObject({ status: 'synced', numOfChunks: 1, errorMessage: null });
    expect(await api.chunks(item.id)).toEqual(['Opening hours are nine to five.']);
  });
});

describe('which failures are tried again', () => {
  it('a value the database refuses is final; a dropped connection, a 5xx and a rate limit are not', async () => {
    const refused = await server.platform.db.execute(sql`select ${'a\u0000b'}::json ->> 0`).then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refused).toBeDefined();
    expect(isTransientError(refused)).toBe(false);
    const port = await freePort();
    const dropped = await fetch(`http://127.0.0.1:${port}/`).catch((err: unknown) => err);
    expect(isTransientError(dropped)).toBe(true);
    expect(isTransientError(new AppError('context/unsupported-type'))).toBe(false);
    expect(isTransientError(new AppError('context/page-error', { status: 502 }))).toBe(true);
    expect(isTransientError(Object.assign(new Error('api.notion.com answered 503'), { status: 503 }))).toBe(
      true,
    );
    expect(isTransientError(Object.assign(new Error('api.notion.com answered 429'), { status: 429 }))).toBe(
      true,
    );
    expect(isTransientError(Object.assign(new Error('api.notion.com answered 400'), { status: 400 }))).toBe(
      false,
    );
    expect(isTransientError(new Error('a bug'))).toBe(false);
  });
});

describe('CSV as Excel writes it in Europe', () => {
  /** Windows-1252 bytes of text made of Latin-1 letters and the euro sign. */
  const cp1252 = (text: string) =>
    Uint8Array.from([...text].map((ch) => (ch === '€' ? 0x80 : ch.charCodeAt(0))));

  it('reads Windows-1252 (Latin-1) and UTF-16 text', async () => {
    const b = await api.builderOn('moon');
    const text = 'name,city,price\r\nJosé,Zürich,12 €\r\nFrançoise,Köln,9 €\r\n';
    const utf16 = Uint8Array.from([0xff, 0xfe, ...new Uint8Array(Buffer.from(text, 'utf16le'))]);
    for (const [bytes, name] of [
      [cp1252(text), 'prices.csv'],
      [utf16, 'prices-unicode.csv'],
    ] as const) {
      const res = await api.upload(b.idToken, b.appId, bytes, name);
      expect(res.status, name).toBe(201);
      const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId);
      expect(item).toMatchObject({ status: 'synced', numOfChunks: 1 });
      expect(await api.chunks(item.id)).toEqual(['name,city,price\nJosé,Zürich,12 €\nFrançoise,Köln,9 €']);
    }
    const notes = await api.upload(b.idToken, b.appId, cp1252('Café crème à 3 €'), 'notes.txt');
    const item = await api.settled(b.idToken, b.appId, (await json(notes)).contextItemId);
    expect(await api.chunks(item.id)).toEqual(['Café crème à 3 €']);
  });
});

const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', 'documents', name)));

/** What became of each document of the corpus, counted by outcome and printed at the end. */
const outcomes = new Map<string, string[]>();
const record = (outcome: string, name: string) =>
  outcomes.set(outcome, [...(outcomes.get(outcome) ?? []), name]);

/** Uploads a document and answers what became of it: the upload's refusal, or the item's end and its text. */
async function outcomeOf(bytes: Uint8Array, name: string) {
  const b = await api.builderOn('moon');
  const res = await api.upload(b.idToken, b.appId, bytes, name);
  if (res.status !== 201) {
    const error = (await json(res)).error as { code: string; message: string };
    record(`refused on upload: ${error.code}`, name);
    return { refused: error, text: '' };
  }
  const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId);
  record(item.status === 'synced' ? 'synced' : `${item.status}: ${item.errorMessage}`, name);
  return { item, text: (await api.chunks(item.id)).join('\n') };
}

describe('a corpus of documents people upload', () => {
  afterAll(() => {
    const lines = [...outcomes].map(
      ([outcome, names]) => `  ${names.length} ${outcome} (${names.join(', ')})`,
    );
    console.log(`documents by outcome:\n${lines.join('\n')}`);
  });

  it.each([
    ['plain.pdf', 'Service agreement between Fjordline Shipping'],
    ['owner-only.pdf', 'The quay fees are due on the first working day'],
    ['plain.docx', 'Service agreement between Fjordline Shipping'],
  ])('%s syncs with its text', async (name, expected) => {
    const { item, text } = await outcomeOf(fixture(name), name);
    expect(item).toMatchObject({ status: 'synced', errorMessage: null });
    expect(text).toContain(expected);
  });

  it('a PDF whose attachment alone is encrypted (page text in clear, an owner password) syncs with its page text', async () => {
    const bytes = fixture('attachment-only.pdf');
    // what make.ts wrote and qpdf checked: streams and strings in clear, the embedded file under its own AES filter
    const head = new TextDecoder('latin1').decode(bytes);
    expect(head).toContain('/StmF /Identity /StrF /Identity /EFF /StdCF');
    expect(head).toContain('/CFM /AESV2');
    expect(head).toContain('/Filter [/Crypt /FlateDecode] /DecodeParms [<< /Name /StdCF >> null]');
    const { item, text } = await outcomeOf(bytes, 'attachment-only.pdf');
    expect(item).toMatchObject({ status: 'synced', errorMessage: null });
    expect(text).toContain('Ships over 200 metres moor at quay 4 from November to March.');
    expect(text).not.toContain('Harbour dues schedule');
  });

  it.each(['password-aes256.pdf', 'password-rc4.pdf'])(
    '%s ends in error saying it is password-protected',
    async (name) => {
      const { item, text } = await outcomeOf(fixture(name), name);
      expect(item).toMatchObject({
        status: 'error',
        numOfChunks: 0,
        errorMessage: 'This file is password-protected. Remove the password and upload it again',
      });
      expect(text).toBe('');
    },
  );

  it('a password-protected DOCX is refused on upload, saying so', async () => {
    const { refused } = await outcomeOf(fixture('password.docx'), 'password.docx');
    expect(refused).toMatchObject({
      code: 'context/password-protected',
      message: 'This file is password-protected. Remove the password and upload it again',
    });
  });

  it('a PDF with junk before its header, or with no header, is read', async () => {
    const plain = fixture('plain.pdf');
    const junk = new TextEncoder().encode(
      'From: scanner@example.com\r\nContent-Type: application/pdf\r\n\r\n',
    );
    for (const [bytes, name] of [
      [Uint8Array.from([...junk, ...plain]), 'junk-before-header.pdf'],
      [plain.subarray(plain.indexOf(0x0a) + 1), 'no-header.pdf'],
    ] as const) {
      const { item, text } = await outcomeOf(bytes, name);
      expect(item, name).toMatchObject({ status: 'synced' });
      expect(text).toContain('The quay fees are due');
    }
  });

  it('a damaged PDF or DOCX says it is damaged, not that its type is unsupported', async () => {
    const damaged = 'This file is damaged and could not be read';
    const pdf = await outcomeOf(
      new TextEncoder().encode('%PDF-1.7\n' + 'garbage '.repeat(100)),
      'broken.pdf',
    );
    expect(pdf.item).toMatchObject({ status: 'error', errorMessage: damaged });
    const cut = fixture('plain.docx').subarray(0, 300);
    const docx = await outcomeOf(cut, 'cut-short.docx');
    expect(docx.refused).toMatchObject({ code: 'context/damaged-file', message: damaged });
  });

  it('a PDF with no text (a scan) ends in error telling the builder there is no text', async () => {
    const { item } = await outcomeOf(fixture('image-only.pdf'), 'image-only.pdf');
    expect(item).toMatchObject({
      status: 'error',
      numOfChunks: 0,
      errorMessage:
        'No text was found in this file. If it is a scan or images, upload a version with selectable text',
    });
  });

  it('words cut at line ends are joined again', async () => {
    const { text } = await outcomeOf(fixture('hyphenated.pdf'), 'hyphenated.pdf');
    expect(text).toContain('sign this agreement on the first of May; the contract runs for two years.');
  });

  it("a form's field values are kept", async () => {
    const { text } = await outcomeOf(fixture('form.pdf'), 'form.pdf');
    expect(text).toContain('Company name:');
    expect(text).toContain('Fjordline Shipping AS');
  });

  it('the CMaps come from the pdf.js version unpdf bundles (architecture §9: never mix pdf.js versions)', async () => {
    const bundled = (await getResolvedPDFJS()).version;
    const require = createRequire(import.meta.url);
    expect(bundled).toBe((require('pdfjs-dist/package.json') as { version: string }).version);
  });

  it('Chinese and Japanese text is read through the CMaps of the pdf.js that unpdf bundles', async () => {
    const { item, text } = await outcomeOf(fixture('cjk.pdf'), 'cjk.pdf');
    expect(item).toMatchObject({ status: 'synced', numOfChunks: 1 });
    expect(text).toContain('北京的合同条款');
    expect(text).toContain('契約の有効期間は二年間です');
  });

  it('Chinese and Japanese questions find CJK text by full text (character bigrams), as English ones find English', async () => {
    const b = await api.builderOn('moon');
    const upload = async (bytes: Uint8Array, name: string) =>
      api.settled(
        b.idToken,
        b.appId,
        (await json(await api.upload(b.idToken, b.appId, bytes, name))).contextItemId,
      );
    const cjk = await upload(fixture('cjk.pdf'), 'cjk.pdf');
    await upload(fixture('plain.pdf'), 'plain.pdf');
    const search = async (query: string) =>
      (await retrieveContext(server.platform, { appId: b.appId, query, method: 'fulltext' })).map(
        (c) => c.itemId,
      );
    expect(await search('合同条款')).toEqual([cjk.id]);
    expect(await search('契約の有効期間は？')).toEqual([cjk.id]);
    expect(await search('北京 contract')).toEqual([cjk.id]);
    expect(await search('上海')).toEqual([]);
    expect((await search('quay fees')).length).toBe(1);
    expect(await search('quay fees')).not.toContain(cjk.id);
  });
});

describe('long CSV rows', () => {
  it('are cut into chunks that each keep the header, so the end of a long row is found and fits the prompt', async () => {
    const b = await api.builderOn('moon');
    const notes = Array.from({ length: 600 }, (_, i) => `remark${i}`).join(' ');
    const csv = `sku,name,notes\n1,anchor chain,${notes} zanzibar\n2,rope,short\n`;
    const res = await api.upload(b.idToken, b.appId, new TextEncoder().encode(csv), 'parts.csv');
    const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId);
    expect(item.status).toBe('synced');
    const chunks = await api.chunks(item.id);
    expect(chunks.length).toBeGreaterThan(5);
    for (const chunk of chunks) {
      expect(chunk.startsWith('sku,name,notes\n')).toBe(true);
      expect(chunk.length).toBeLessThanOrEqual(1000);
    }
    const found = await retrieveContext(server.platform, {
      appId: b.appId,
      query: 'zanzibar',
      method: 'fulltext',
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.content).toMatch(/^sku,name,notes\n.*zanzibar/s);
  });
});

/**
 * A contract as word processors write it: each run of text with its full formatting, so that its document.xml is
 * 12.6 MB for a file of about 140 KB (the size of the one that ran the parser out of its heap).
 */
async function formattedContract(xmlChars = 12_600_000): Promise<Uint8Array> {
  const rpr =
    '<w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri" w:eastAsia="Calibri" w:cs="Times New Roman"/><w:b w:val="0"/><w:color w:val="000000"/><w:sz w:val="22"/><w:szCs w:val="22"/><w:lang w:val="en-GB" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr>';
  const paragraphs: string[] = [];
  let size = 0;
  for (let i = 0; size < xmlChars; i++) {
    const runs = Array.from(
      { length: 8 },
      (_, r) => `<w:r>${rpr}<w:t xml:space="preserve">clause${i} term${r} </w:t></w:r>`,
    );
    const p = `<w:p><w:pPr><w:spacing w:after="120" w:line="276" w:lineRule="auto"/><w:jc w:val="both"/></w:pPr>${runs.join('')}</w:p>`;
    paragraphs.push(p);
    size += p.length;
  }
  const plain = await JSZip.loadAsync(fixture('plain.docx'));
  const xml = await plain.file('word/document.xml')!.async('string');
  plain.file(
    'word/document.xml',
    xml.replace(/<w:body>.*<\/w:body>/s, `<w:body>${paragraphs.join('')}</w:body>`),
  );
  return plain.generateAsync({
    type: 'uint8array',
    compression: 'DEFLATE',
    compressionOptions: { level: 9 },
  });
}

describe('a large DOCX', () => {
  it('with 12.6 MB of formatted XML in 140 KB is read, within the heap sized for the plan', async () => {
    expect([parseHeapMbFor(maxFileBytes('lite')), parseHeapMbFor(maxFileBytes('moon'))]).toEqual([416, 576]);
    const bytes = await formattedContract();
    expect(bytes.length).toBeLessThan(200_000);
    const { item, text } = await outcomeOf(bytes, 'contract.docx');
    expect(item).toMatchObject({ status: 'synced', errorMessage: null });
    expect(text).toContain('clause0 term0');
    expect(text).toMatch(/clause\d{4} term7/);
  });

  it('that runs the parser out of its heap is too large or complex to read', async () => {
    parseLimits.heapMb = 16;
    try {
      const { item } = await outcomeOf(await formattedContract(3_000_000), 'heavy.docx');
      expect(item).toMatchObject({
        status: 'error',
        errorMessage: 'This document is too large or complex to read',
      });
    } finally {
      delete parseLimits.heapMb;
    }
  });
});
