// Documents as people really upload them: what each one ends as, and what the builder is told.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@buildai/domain';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { cleanText } from '../src/features/context/clean-text';
import { storeExtractedText } from '../src/features/context/pipeline';
import { isTransientError } from '../src/features/context/transient';
import { contextApi } from './fixtures/context-api';
import { freePort, json } from './helpers';

let server: TestServer;
let adminToken = '';
let api: ReturnType<typeof contextApi>;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'documents@example.com' });
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
    await storeExtractedText(server.platform, item.id, { kind: 'prose-parts', parts: parts() });
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
