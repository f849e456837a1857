import { availableParallelism } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import {
  chunkProse,
  chunkTable,
  ProseChunker,
  PDF_SHARED_BYTES,
  parserWorkerStats,
  streamInWorker,
  storeExtractedText,
  refreshChunkStatistics,
} from '../src/features/context';
import { extractText, getDocumentProxy } from 'unpdf';
import { contextApi } from './fixtures/context-api';
import { json } from './helpers';

let server: TestServer;
let adminToken = '';
let api: ReturnType<typeof contextApi>;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'streams@example.com' });
  adminToken = (await signUpBuilder(server, 'streams@example.com')).idToken;
  api = contextApi(server, () => adminToken);
});
afterAll(async () => {
  await server?.close();
});

/** Words enough for `n` characters, numbered so that every chunk is different. */
const prose = (n: number, from = 0) => {
  const words: string[] = [];
  let length = 0;
  for (let i = from; length < n; i++) {
    const word = i % 17 === 0 ? `\n\nsection${i}` : `word${i}`;
    words.push(word);
    length += word.length + 1;
  }
  return words.join(' ').slice(0, n);
};

async function chunkCount(itemId: string): Promise<number> {
  const { rows } = (await server.platform.db.execute(
    sql`select count(*)::int as n from context_chunks where item_id = ${itemId}`,
  )) as unknown as { rows: { n: number }[] };
  return rows[0]!.n;
}

/** A synced text item of a fresh builder on `plan`, holding one chunk of earlier text. */
async function syncedItem(plan: 'lite' | 'moon' = 'moon') {
  const b = await api.builderOn(plan);
  const res = await api.ingestText(b.idToken, b.appId, { context: 'The earlier text of this item.' });
  const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId);
  expect(item.status).toBe('synced');
  return { b, id: item.id as string };
}

describe('prose arriving in parts', () => {
  it('is cut into exactly the chunks of the whole text, however it is split', () => {
    let seed = 11;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const texts = [
      prose(25_000),
      '   \n  ' + prose(9_000) + '  \n ',
      'x'.repeat(4_321) + ' ' + '😀'.repeat(1_500) + ' tail',
      'short text',
      '',
    ];
    for (const text of texts) {
      const whole = chunkProse(text);
      for (let round = 0; round < 20; round++) {
        const chunker = new ProseChunker();
        const parts: string[] = [];
        for (let at = 0; at < text.length;) {
          const size = Math.floor(rand() * (round % 2 ? 3_000 : 40)) + 1;
          parts.push(...chunker.push(text.slice(at, at + size)));
          at += size;
        }
        parts.push(...chunker.end());
        expect(parts).toEqual(whole);
      }
    }
  });
});

describe('storing text read in parts', () => {
  it('stores the chunks of the whole text in order, replacing the earlier ones, and syncs', async () => {
    const { b, id } = await syncedItem();
    const text = prose(600_000);
    async function* parts() {
      for (let at = 0; at < text.length; at += 7_777) yield text.slice(at, at + 7_777);
    }
    await storeExtractedText({
      platform: server.platform,
      itemId: id,
      extracted: { kind: 'prose-parts', parts: parts() },
    });
    expect(await api.chunks(id)).toEqual(chunkProse(text));
    const row = await api.row(id);
    expect(row).toMatchObject({ status: 'synced', numOfChunks: chunkProse(text).length });
    expect(row!.processedChars).toBe(text.length);
    expect((await api.item(b.idToken, b.appId, id))?.status).toBe('synced');
  });

  it('stores a table read line by line as the whole table is stored', async () => {
    const { id } = await syncedItem();
    const header = 'sku,name,notes';
    const rows = Array.from(
      { length: 3_000 },
      (_, i) => `${i},item ${i},"${'n'.repeat(i % 7 === 0 ? 1_200 : 40)}"`,
    );
    async function* lines() {
      yield header;
      yield* rows;
    }
    await storeExtractedText({
      platform: server.platform,
      itemId: id,
      extracted: { kind: 'table-lines', lines: lines() },
    });
    expect(await api.chunks(id)).toEqual(chunkTable(header, rows));
    expect(await api.row(id)).toMatchObject({
      status: 'synced',
      numOfChunks: chunkTable(header, rows).length,
      processedChars: rows.reduce((sum, row) => sum + row.length + 1, header.length),
    });
  });

  it('stores chunks while the text is still arriving, and keeps none when reading fails', async () => {
    const { id } = await syncedItem();
    let storedMidway = 0;
    async function* parts() {
      for (let i = 0; i < 40; i++) yield prose(50_000, i * 10_000);
      // the first thousands of chunks are in before the document ends
      storedMidway = await chunkCount(id);
      throw new Error('the parser gave up on page 41');
    }
    await expect(
      storeExtractedText({
        platform: server.platform,
        itemId: id,
        extracted: { kind: 'prose-parts', parts: parts() },
      }),
    ).rejects.toThrow('the parser gave up on page 41');
    expect(storedMidway).toBeGreaterThan(1_000);
    expect(await chunkCount(id)).toBe(0);
  });

  it('stops reading once the text is past the monthly limit, and stores nothing', async () => {
    const { b, id } = await syncedItem('lite');
    let read = 0;
    let closed = false;
    async function* endless() {
      try {
        for (;;) {
          read += 100_000;
          yield prose(100_000);
        }
      } finally {
        closed = true;
      }
    }
    await storeExtractedText({
      platform: server.platform,
      itemId: id,
      extracted: { kind: 'prose-parts', parts: endless() },
    });
    expect(closed).toBe(true);
    // lite's 2,000,000 characters a month: the reading stopped at the first part past them
    expect(read).toBeLessThanOrEqual(2_100_000);
    expect(await api.row(id)).toMatchObject({
      status: 'usage_limit_reached',
      numOfChunks: 0,
      processedChars: 0,
    });
    expect(await chunkCount(id)).toBe(0);
    expect((await json(await api.list(b.idToken, b.appId))).hasReachedDataLimit).toBe(false);
  });

  it('leaves an item deleted while it was read alone, without an error', async () => {
    const { b, id } = await syncedItem();
    async function* parts() {
      yield prose(400_000);
      expect(
        (await server.request(`/api/context/${id}`, { method: 'DELETE', token: b.idToken })).status,
      ).toBe(204);
      yield prose(400_000, 100_000);
    }
    await storeExtractedText({
      platform: server.platform,
      itemId: id,
      extracted: { kind: 'prose-parts', parts: parts() },
    });
    expect(await api.row(id)).toBeUndefined();
    expect(await chunkCount(id)).toBe(0);
  });
});

describe('parser workers', () => {
  const pages = (n: number, from = 0) =>
    Array.from({ length: n }, (_, p) => prose(4_700, (from + p) * 1_000).replace(/\n+/g, ' '));

  it('read one document after another in a worker kept warm', async () => {
    const first = await makePdf(pages(2));
    const second = await makePdf(pages(2, 50));
    const read = async (bytes: Uint8Array) => {
      let text = '';
      for await (const part of streamInWorker({ kind: 'pdf', bytes })) text += part;
      return text;
    };
    await read(first);
    const before = parserWorkerStats();
    expect(before.idle).toBeGreaterThanOrEqual(1);
    expect(await read(second)).toContain('word50000');
    expect(await read(first)).toContain('word1 ');
    expect(parserWorkerStats().started).toBe(before.started);
  });

  it('send a long PDF in parts, and end a worker left before the end of a document', async () => {
    const long = await makePdf(pages(40));
    const stream = streamInWorker({ kind: 'pdf', bytes: long });
    const first = await stream.next();
    expect(first.done).toBe(false);
    expect((first.value as string).length).toBeGreaterThanOrEqual(64 * 1024);
    expect(first.value as string).not.toContain('word39000');
    const idleBefore = parserWorkerStats().idle;
    await stream.return(undefined);
    // the worker was mid-document: it is ended, not kept
    expect(parserWorkerStats().idle).toBe(idleBefore);
    let text = '';
    for await (const part of streamInWorker({ kind: 'pdf', bytes: await makePdf(pages(1, 7)) })) text += part;
    expect(text).toContain('word7000');
  });

  it('read a large PDF with two workers at once, its text in page order as unpdf merges it', async () => {
    const large = await makePdf(pages(240));
    expect(large.length).toBeGreaterThanOrEqual(PDF_SHARED_BYTES);
    const parts: string[] = [];
    for await (const part of streamInWorker({ kind: 'pdf', bytes: large, limits: { pdfReaders: 2 } }))
      parts.push(part);
    const merged = await extractText(await getDocumentProxy(new Uint8Array(large)), { mergePages: true });
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.join('')).toBe(merged.text);
    // both workers finished their share and wait warm for the next document
    expect(parserWorkerStats().idle).toBeGreaterThanOrEqual(Math.min(2, availableParallelism()));
  });

  it('replace a worker cut off by the time limit', async () => {
    const slow = await makePdf(pages(120));
    const parts = streamInWorker({ kind: 'pdf', bytes: slow, limits: { timeoutMs: 30 } });
    await expect(
      (async () => {
        for await (const part of parts) void part;
      })(),
    ).rejects.toMatchObject({ code: 'context/parse-timeout' });
    let text = '';
    for await (const part of streamInWorker({ kind: 'pdf', bytes: await makePdf(pages(1, 3)) })) text += part;
    expect(text).toContain('word3000');
  });
});

describe('chunk statistics', () => {
  const counts = async () => {
    const { rows } = (await server.platform.db.execute(sql`
      select (select count(*) from context_chunks)::float8 as actual,
        (select reltuples from pg_class where oid = 'context_chunks'::regclass)::float8 as counted`)) as unknown as {
      rows: { actual: number; counted: number }[];
    };
    return rows[0]!;
  };

  it('are refreshed (with a vacuum of the table) in the embedded database once they go stale; PostgreSQL keeps its own', async () => {
    const { id } = await syncedItem();
    const embedded = server.platform.database.kind === 'pglite';
    // 2,000 chunks written behind the pipeline's back leave the planner's count stale
    await server.platform.db.execute(sql`
      insert into context_chunks (id, item_id, app_id, position, content)
      select 'stats-' || g, ${id}, (select app_id from context_items where id = ${id}), g, 'filler text ' || g
      from generate_series(1, 2000) g`);
    await server.platform.db.execute(
      sql`update context_items set num_of_chunks = num_of_chunks + 2000 where id = ${id}`,
    );
    expect(await refreshChunkStatistics(server.platform)).toBe(embedded);
    expect(await refreshChunkStatistics(server.platform)).toBe(false);
    if (embedded) {
      const { actual, counted } = await counts();
      expect(Math.abs(actual - counted)).toBeLessThanOrEqual(50 + 0.1 * actual);
      const { rows } = (await server.platform.db.execute(sql`
        select last_vacuum is not null as vacuumed from pg_stat_user_tables where relname = 'context_chunks'`)) as unknown as {
        rows: { vacuumed: boolean }[];
      };
      expect(rows[0]?.vacuumed).toBe(true);
    }
    // an item stored through the pipeline refreshes them itself
    const text = prose(1_500_000);
    await storeExtractedText({ platform: server.platform, itemId: id, extracted: { kind: 'prose', text } });
    expect(await refreshChunkStatistics(server.platform)).toBe(false);
    if (embedded) {
      const { actual, counted } = await counts();
      expect(actual).toBeGreaterThan(1_500);
      expect(Math.abs(actual - counted)).toBeLessThanOrEqual(50 + 0.1 * actual);
    }
  });
});
