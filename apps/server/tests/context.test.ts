import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { contextMessages } from '@buildai/domain';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { contextApi, expectErrorBody } from './fixtures/context-api';
import { makePdf } from './fixtures/context-files';
import { json, readStreamUntil } from './helpers';

let server: TestServer;
let adminToken = '';
let api: ReturnType<typeof contextApi>;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
  adminToken = (await signUpBuilder(server, 'boss@example.com')).idToken;
  api = contextApi(server, () => adminToken);
});
afterAll(async () => {
  await server?.close();
});

const enc = (s: string) => new TextEncoder().encode(s);
const send = (method: string, path: string, token: string, body?: unknown) =>
  server.request(path, { method, token, json: body });

/** The `data:` events and comment frames of the complete frames of an SSE text. */
function parseFrames(text: string) {
  const frames = text.split('\n\n').slice(0, -1);
  return {
    events: frames.filter((f) => f.startsWith('data:')).map((f) => JSON.parse(f.slice(5)) as ItemEvent),
    comments: frames.filter((f) => f.startsWith(':')).length,
  };
}

type ItemEvent = { id: string; status: string };

/** Reads `data:` events from an SSE body until `done` says so, for 10 s at most. */
async function readEvents(res: Response, done: (events: ItemEvent[]) => boolean) {
  return parseFrames(await readStreamUntil(res, (text) => done(parseFrames(text).events)));
}

describe('pasted text', () => {
  it('creates an item, ingests it as a job and streams its statuses', async () => {
    const b = await api.builderOn('lite');
    const stream = await server.request(`/api/context/events?appId=${b.appId}`, { token: b.idToken });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream');
    const text = 'Our shop opens at nine. '.repeat(100);
    const res = await api.ingestText(b.idToken, b.appId, { context: text });
    expect(res.status).toBe(201);
    const { contextItemId } = await json(res);
    const { events, comments } = await readEvents(stream, (e) =>
      e.some((x) => x.id === contextItemId && x.status === 'synced'),
    );
    expect(comments).toBeGreaterThanOrEqual(1);
    expect(events.map((e) => e.status)).toEqual(['pending', 'running', 'synced']);
    expect(events.at(-1)).toMatchObject({ id: contextItemId, numOfChunks: 3, errorMessage: null });
    const list = await json(await api.list(b.idToken, b.appId));
    expect(list.hasReachedDataLimit).toBe(false);
    expect(list.contextItems).toHaveLength(1);
    const item = list.contextItems[0];
    expect(item).toMatchObject({
      id: contextItemId,
      type: 'txt',
      source: 'local files',
      status: 'synced',
      size: text.length,
      numOfChunks: 3,
      externalFileUrl: null,
      originalContextItemId: null,
      errorMessage: null,
    });
    expect(item.name).toMatch(/^Text \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(Date.parse(item.lastSyncedAt)).toBeGreaterThan(0);
    const chunks = await api.chunks(contextItemId);
    expect(chunks).toHaveLength(3);
    const words = new Set(['Our', 'shop', 'opens', 'at', 'nine.']);
    for (const c of chunks) {
      expect(c.length).toBeLessThanOrEqual(1000);
      expect(c.split(' ').every((w) => words.has(w))).toBe(true);
    }
  });

  it('takes a name, and refuses blank text', async () => {
    const b = await api.builderOn('explorer');
    const named = await api.ingestText(b.idToken, b.appId, { context: 'Hello', name: 'Greeting' });
    const { contextItemId } = await json(named);
    expect((await api.settled(b.idToken, b.appId, contextItemId)).name).toBe('Greeting');
    for (const body of [{ context: '   ' }, {}]) {
      expect(await expectErrorBody(await api.ingestText(b.idToken, b.appId, body))).toEqual({
        status: 400,
        code: 'context/no-text',
        message: 'Please enter some text',
      });
    }
  });
});

describe('files and plan limits', () => {
  it('keeps a lite builder to one item and 5 MB files, with the toast text', async () => {
    const b = await api.builderOn('lite');
    const big = new Uint8Array(5 * 1024 * 1024 + 1).fill(0x61);
    expect(await expectErrorBody(await api.upload(b.idToken, b.appId, big, 'big.txt'))).toEqual({
      status: 400,
      code: 'file-too-big',
      message: contextMessages.tooBig('5 MB'),
    });
    expect(contextMessages.tooBig('5 MB')).toBe('Failed to upload context, file size is too big (max 5 MB)');
    const ok = await api.upload(b.idToken, b.appId, enc('a,b\n1,2\n'), 'one.csv');
    expect(ok.status).toBe(201);
    expect(await expectErrorBody(await api.upload(b.idToken, b.appId, enc('hi'), 'two.txt'))).toEqual({
      status: 403,
      code: 'context/item-limit',
      message: 'Your plan keeps 1 data item. Upgrade your plan to add more.',
    });
    expect((await api.ingestText(b.idToken, b.appId, { context: 'more' })).status).toBe(403);
    // replacing the one item is allowed
    const oldId = (await json(ok)).contextItemId;
    const next = await api.upload(
      b.idToken,
      b.appId,
      enc('c,d\n3,4\n'),
      'new.csv',
      `&replaceItemId=${oldId}`,
    );
    expect(next.status).toBe(201);
  });

  it('gives an explorer 10 MB files and five files', async () => {
    const b = await api.builderOn('explorer');
    const six = new Uint8Array(6 * 1024 * 1024).fill(0x62);
    expect((await api.upload(b.idToken, b.appId, six, 'six.txt')).status).toBe(201);
    const eleven = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x62);
    expect(await expectErrorBody(await api.upload(b.idToken, b.appId, eleven, 'eleven.txt'))).toEqual({
      status: 400,
      code: 'file-too-big',
      message: 'Failed to upload context, file size is too big (max 10 MB)',
    });
    for (let i = 0; i < 4; i++) {
      expect((await api.upload(b.idToken, b.appId, enc(`file ${i}`), `f${i}.txt`)).status).toBe(201);
    }
    expect(await expectErrorBody(await api.upload(b.idToken, b.appId, enc('x'), 'sixth.txt'))).toEqual({
      status: 403,
      code: 'context/file-limit',
      message: 'You have reached the number of files your plan allows',
    });
    // pasted text is not a file
    expect((await api.ingestText(b.idToken, b.appId, { context: 'still fine' })).status).toBe(201);
  });

  it('stops reading an oversized upload as soon as it passes the limit', async () => {
    const b = await api.builderOn('lite');
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 50) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const res = await server.request(`/api/context/ingest/file?appId=${b.appId}`, {
      method: 'POST',
      token: b.idToken,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect((await expectErrorBody(res)).code).toBe('file-too-big');
    expect(sent).toBeLessThan(10);
  });

  it('refuses a request without a file', async () => {
    const b = await api.builderOn('lite');
    const res = await server.request(`/api/context/ingest/file?appId=${b.appId}`, {
      method: 'POST',
      token: b.idToken,
      body: new FormData(),
    });
    expect(await expectErrorBody(res)).toEqual({
      status: 400,
      code: 'context/no-file',
      message: 'Please upload a file',
    });
  });
  it("reads the owner's plan once per ingestion of a file", async () => {
    const b = await api.builderOn('explorer');
    const stream = await server.request(`/api/context/events?appId=${b.appId}`, { token: b.idToken });
    // the plan of an item's owner is the one statement that joins accounts to users by account id
    const client = (
      server.platform.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }
    ).$client;
    const query = client.query.bind(client);
    let planLookups = 0;
    const spy = vi.spyOn(client, 'query').mockImplementation((q: unknown, ...rest: unknown[]) => {
      const text = typeof q === 'string' ? q : (q as { text: string }).text;
      if (/from "accounts" inner join "users" .* where "accounts"\."account_id" = \$1$/.test(text))
        planLookups++;
      return query(q, ...rest);
    });
    try {
      const res = await api.upload(b.idToken, b.appId, enc('Our shop opens at nine.'), 'hours.txt');
      expect(res.status).toBe(201);
      const { contextItemId } = await json(res);
      await readEvents(stream, (e) => e.some((x) => x.id === contextItemId && x.status === 'synced'));
    } finally {
      spy.mockRestore();
    }
    expect(planLookups).toBe(1);
  });
});

describe('full-text index', () => {
  /** gin_clean_pending_list answers how many pending-list pages it moved into the index proper. */
  const cleanPending = async () => {
    const result = await server.platform.db.execute(
      sql`select gin_clean_pending_list('context_chunks_tsv_idx'::regclass)::int as pages`,
    );
    return (result as unknown as { rows: { pages: number }[] }).rows[0]!.pages;
  };

  it('leaves no new words waiting in its pending list once an item is stored', async () => {
    // the pending list is the whole table's: items of earlier tests still being stored would add to it meanwhile
    await vi.waitFor(
      async () => {
        const { rows } = (await server.platform.db.execute(sql`
          select count(*)::int as n from context_items where status in ('pending', 'running')`)) as unknown as {
          rows: { n: number }[];
        };
        expect(rows[0]!.n).toBe(0);
      },
      { timeout: 30_000, interval: 50 },
    );
    const b = await api.builderOn('lite');
    await cleanPending();
    const res = await api.ingestText(b.idToken, b.appId, {
      context: 'Kettles whistle when the water boils. '.repeat(60),
    });
    const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId);
    expect(item.status).toBe('synced');
    expect(await cleanPending()).toBe(0);
    // chunks written without the pipeline do wait there
    await server.platform.db.execute(sql`
      insert into context_chunks (id, item_id, app_id, position, content)
      values ('pending-list-probe', ${item.id}, ${b.appId}, 99, 'teapots and saucers')`);
    expect(await cleanPending()).toBeGreaterThanOrEqual(1);
    await server.platform.db.execute(sql`delete from context_chunks where id = 'pending-list-probe'`);
  });
});

describe('monthly data limit', () => {
  it('syncs up to the limit, then reports it reached', async () => {
    const b = await api.builderOn('lite');
    const res = await api.ingestText(b.idToken, b.appId, { context: 'a'.repeat(2_000_000) });
    const item = await api.settled(b.idToken, b.appId, (await json(res)).contextItemId, 60_000);
    expect(item.status).toBe('synced');
    expect((await json(await api.list(b.idToken, b.appId))).hasReachedDataLimit).toBe(true);
    // what was processed stays processed: deleting the item gives nothing back
    expect((await send('DELETE', `/api/context/${item.id}`, b.idToken)).status).toBe(204);
    expect((await json(await api.list(b.idToken, b.appId))).hasReachedDataLimit).toBe(true);
    const next = await api.ingestText(b.idToken, b.appId, { context: 'one more line' });
    const after = await api.settled(b.idToken, b.appId, (await json(next)).contextItemId);
    expect(after).toMatchObject({ status: 'usage_limit_reached', numOfChunks: 0 });
  }, 90_000);

  it('ends an item that would cross it usage_limit_reached, storing nothing', async () => {
    const b = await api.builderOn('lite');
    const res = await api.ingestText(b.idToken, b.appId, { context: 'b'.repeat(2_000_001) });
    const id = (await json(res)).contextItemId;
    const item = await api.settled(b.idToken, b.appId, id);
    expect(item).toMatchObject({ status: 'usage_limit_reached', numOfChunks: 0, lastSyncedAt: null });
    expect(await api.chunks(id)).toEqual([]);
    expect((await json(await api.list(b.idToken, b.appId))).hasReachedDataLimit).toBe(false);
  });
});

describe('items', () => {
  it('renames, deletes with chunks and file, and lists live items with status=unsynced', async () => {
    const b = await api.builderOn('explorer');
    const up = await api.upload(b.idToken, b.appId, enc('Some words here.'), 'notes.txt');
    const id = (await json(up)).contextItemId;
    await api.settled(b.idToken, b.appId, id);
    const row = await api.row(id);
    expect(await server.platform.blobs.exists(row!.blobKey!)).toBe(true);

    const renamed = await send('PATCH', `/api/context/${id}`, b.idToken, { name: '  Notes  ' });
    expect(renamed.status).toBe(200);
    expect(await json(renamed)).toMatchObject({ id, name: 'Notes', status: 'synced' });
    expect(
      (await expectErrorBody(await send('PATCH', `/api/context/${id}`, b.idToken, { name: ' ' }))).code,
    ).toBe('request/invalid');

    const meta = await send('POST', `/api/context/ingest/metadata?appId=${b.appId}`, b.idToken, {
      contextItems: [
        { name: 'Roadmap', source: 'notion', type: 'notion page', providerItemId: 'p1', provider: 'notion' },
      ],
    });
    expect(meta.status).toBe(201);
    const [metaId] = (await json(meta)).contextItemIds;
    const metaRow = await api.row(metaId);
    expect(metaRow).toMatchObject({
      source: 'notion',
      type: 'notion page',
      providerItemId: 'p1',
      provider: 'notion',
    });
    // the item's job (a Notion page without a connection) ends it at once; put it back where an item the queue has
    // not taken yet stands, so the filter is asked about a known state
    await api.settled(b.idToken, b.appId, metaId);
    await server.platform.db.execute(sql`UPDATE context_items SET status = 'unsynced' WHERE id = ${metaId}`);
    const live = await json(await api.list(b.idToken, b.appId, '&status=unsynced'));
    expect(live.contextItems.map((i: { id: string }) => i.id)).toEqual([metaId]);
    const all = await json(await api.list(b.idToken, b.appId));
    expect(all.contextItems.map((i: { id: string }) => i.id)).toEqual([metaId, id]);
    expect(
      (
        await expectErrorBody(
          await send('POST', `/api/context/ingest/metadata?appId=${b.appId}`, b.idToken, {
            contextItems: [
              { name: 'x', source: 'local files', type: 'pdf', providerItemId: 'f', provider: 'x' },
            ],
          }),
        )
      ).code,
    ).toBe('request/invalid');

    const del = await send('DELETE', `/api/context/${id}`, b.idToken);
    expect(del.status).toBe(204);
    expect(await api.chunks(id)).toEqual([]);
    expect(await api.row(id)).toBeUndefined();
    expect(await server.platform.blobs.exists(row!.blobKey!)).toBe(false);
    expect((await expectErrorBody(await send('DELETE', `/api/context/${id}`, b.idToken))).code).toBe(
      'context/not-found',
    );
  });

  it('retries a failed item, and only a failed one', async () => {
    const b = await api.builderOn('explorer');
    const up = await api.upload(b.idToken, b.appId, enc('%PDF-1.7\nnot really'), 'broken.pdf');
    const id = (await json(up)).contextItemId;
    expect((await api.settled(b.idToken, b.appId, id)).status).toBe('error');
    const retried = await send('POST', `/api/context/${id}/retry`, b.idToken);
    expect(retried.status).toBe(200);
    expect(await json(retried)).toMatchObject({ id, status: 'pending', errorMessage: null });
    expect((await api.settled(b.idToken, b.appId, id)).status).toBe('error');

    const good = await api.upload(b.idToken, b.appId, await makePdf(['Fine text']), 'fine.pdf');
    const goodId = (await json(good)).contextItemId;
    expect((await api.settled(b.idToken, b.appId, goodId)).status).toBe('synced');
    expect(await expectErrorBody(await send('POST', `/api/context/${goodId}/retry`, b.idToken))).toEqual({
      status: 400,
      code: 'context/not-retryable',
      message: 'Only a failed item can be retried',
    });
  });

  it('replaces a data item: the new one keeps the first id, the old one goes', async () => {
    const b = await api.builderOn('explorer');
    const first = (await json(await api.upload(b.idToken, b.appId, enc('a,b\n1,2\n'), 'v1.csv')))
      .contextItemId;
    const second = (await json(await api.upload(b.idToken, b.appId, enc('a,b\n3,4\n'), 'v2.csv')))
      .contextItemId;
    const third = (await json(await api.upload(b.idToken, b.appId, enc('a,b\n5,6\n'), 'v3.csv')))
      .contextItemId;
    for (const id of [first, second, third]) await api.settled(b.idToken, b.appId, id);
    const firstBlob = (await api.row(first))!.blobKey!;
    const r1 = await send('POST', `/api/tools/${b.appId}/replaceDataItem`, b.idToken, {
      oldItemId: first,
      newItemId: second,
    });
    expect(r1.status).toBe(200);
    expect(await json(r1)).toEqual({ contextItemId: second });
    expect(await api.row(first)).toBeUndefined();
    expect(await api.chunks(first)).toEqual([]);
    expect(await server.platform.blobs.exists(firstBlob)).toBe(false);
    await send('POST', `/api/tools/${b.appId}/replaceDataItem`, b.idToken, {
      oldItemId: second,
      newItemId: third,
    });
    const items = (await json(await api.list(b.idToken, b.appId))).contextItems;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: third, originalContextItemId: first });
    expect(
      (
        await expectErrorBody(
          await send('POST', `/api/tools/${b.appId}/replaceDataItem`, b.idToken, {
            oldItemId: 'missing',
            newItemId: third,
          }),
        )
      ).code,
    ).toBe('context/not-found');
  });
});

describe('another builder', () => {
  it('gets 404 for the app and its items on every call', async () => {
    const owner = await api.builderOn('explorer');
    const other = await api.builderOn('moon');
    const id = (await json(await api.ingestText(owner.idToken, owner.appId, { context: 'Private' })))
      .contextItemId;
    await api.settled(owner.idToken, owner.appId, id);
    const appCalls: [string, string, unknown?][] = [
      ['GET', `/api/context/items?appId=${owner.appId}`],
      ['GET', `/api/context/events?appId=${owner.appId}`],
      ['POST', `/api/context/ingest/text?appId=${owner.appId}`, { context: 'x' }],
      [
        'POST',
        `/api/context/ingest/metadata?appId=${owner.appId}`,
        {
          contextItems: [
            { name: 'n', source: 'notion', type: 'notion page', providerItemId: 'p', provider: 'notion' },
          ],
        },
      ],
      ['POST', `/api/tools/${owner.appId}/replaceDataItem`, { oldItemId: id, newItemId: id }],
    ];
    for (const [method, path, body] of appCalls) {
      expect(await expectErrorBody(await send(method, path, other.idToken, body))).toMatchObject({
        status: 404,
        code: 'app/not-found',
      });
    }
    const upload = await api.upload(other.idToken, owner.appId, enc('x'), 'x.txt');
    expect((await expectErrorBody(upload)).code).toBe('app/not-found');
    const itemCalls: [string, string, unknown?][] = [
      ['DELETE', `/api/context/${id}`],
      ['PATCH', `/api/context/${id}`, { name: 'Mine now' }],
      ['POST', `/api/context/${id}/retry`],
    ];
    for (const [method, path, body] of itemCalls) {
      expect(await expectErrorBody(await send(method, path, other.idToken, body))).toEqual({
        status: 404,
        code: 'context/not-found',
        message: 'Item not found',
      });
    }
    // the other builder's own app cannot take the item either
    const replace = await send('POST', `/api/tools/${other.appId}/replaceDataItem`, other.idToken, {
      oldItemId: id,
      newItemId: id + 'x',
    });
    expect((await expectErrorBody(replace)).code).toBe('context/not-found');
    const replaceUpload = await api.upload(
      other.idToken,
      other.appId,
      enc('x'),
      'x.txt',
      `&replaceItemId=${id}`,
    );
    expect((await expectErrorBody(replaceUpload)).code).toBe('context/not-found');
    // nothing changed for the owner
    const items = (await json(await api.list(owner.idToken, owner.appId))).contextItems;
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id, status: 'synced' });
    expect(items[0].name).not.toBe('Mine now');
    // and without a token, 401
    expect((await server.request(`/api/context/items?appId=${owner.appId}`)).status).toBe(401);
  });
});
