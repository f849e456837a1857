import { createSecretKey } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContextItemType } from '@buildai/domain';
import { signUpBuilder, type FakeGoogleDrive, type FakeNotion, type TestServer } from '@buildai/testkit';
import { newId } from '../src/db/ids';
import { contextItems } from '../src/db/schema';
import { connectionKey, loadConnection, importExternal } from '../src/features/integrations';
import {
  popupTrip,
  startIntegrationServers,
  stopIntegrationServers,
  type Provider,
} from './fixtures/integrations';
import { json, makeGeneratedApp } from './helpers';

let notion: FakeNotion;
let drive: FakeGoogleDrive;
let server: TestServer;
let base: string;
let builder: Awaited<ReturnType<typeof signUpBuilder>>;
let appId: string;

beforeAll(async () => {
  ({ notion, drive, server, base } = await startIntegrationServers());
});
afterAll(() => stopIntegrationServers({ notion, drive, server }));
beforeEach(async () => {
  notion.reset();
  drive.reset();
  builder = await signUpBuilder(server);
  appId = await makeGeneratedApp(server, builder.idToken);
});

const connect = (provider: Provider, token = builder.idToken, app = appId) =>
  popupTrip(base, provider, token, app);

const listItems = (provider: Provider, token = builder.idToken, app = appId) =>
  server.request(`/api/integrations/${provider}/items?appId=${app}`, { token });

async function insertItem(values: {
  type: ContextItemType;
  source: 'notion' | 'google drive';
  providerItemId: string;
}) {
  const id = newId();
  await server.platform.db.insert(contextItems).values({
    id,
    appId,
    accountId: builder.accountId,
    name: 'imported',
    provider: values.source === 'notion' ? 'notion' : 'google-drive',
    ...values,
  });
  const [row] = await server.platform.db.select().from(contextItems).where(eq(contextItems.id, id));
  return row!;
}
const importItem = async (row: Awaited<ReturnType<typeof insertItem>>) =>
  importExternal({
    platform: server.platform,
    services: server.services.integrations,
    item: row,
    signal: new AbortController().signal,
  });

describe('GET /api/integrations/fetchCarbonTokens', () => {
  it('answers a 5-minute signed token and which imports are configured', async () => {
    const res = await server.request('/api/integrations/fetchCarbonTokens', { token: builder.idToken });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.expiresIn).toBe(300);
    expect(body.providers).toEqual({ notion: true, googleDrive: true });
    const { payload } = await jwtVerify(
      body.accessToken,
      createSecretKey(await server.services.identity.signingKey.bytes()),
      {
        audience: 'buildai:import-widget',
      },
    );
    expect(payload.sub).toBe(builder.accountId);
    expect(payload.exp! - payload.iat!).toBe(300);

    const saved = server.platform.config.NOTION_CLIENT_ID;
    server.platform.config.NOTION_CLIENT_ID = undefined;
    try {
      const off = await json(
        await server.request('/api/integrations/fetchCarbonTokens', { token: builder.idToken }),
      );
      expect(off.providers).toEqual({ notion: false, googleDrive: true });
    } finally {
      server.platform.config.NOTION_CLIENT_ID = saved;
    }
    expect((await server.request('/api/integrations/fetchCarbonTokens')).status).toBe(401);
  });
});

describe('configuration and ownership', () => {
  it('answers integration/not-configured without a client', async () => {
    const saved = server.platform.config.NOTION_CLIENT_SECRET;
    server.platform.config.NOTION_CLIENT_SECRET = undefined;
    try {
      for (const path of ['start', 'items']) {
        const res = await server.request(`/api/integrations/notion/${path}?appId=${appId}`, {
          token: builder.idToken,
        });
        expect(res.status).toBe(404);
        expect((await json(res)).error.code).toBe('integration/not-configured');
      }
    } finally {
      server.platform.config.NOTION_CLIENT_SECRET = saved;
    }
  });

  it('answers integration/not-connected before the builder connects', async () => {
    for (const provider of ['notion', 'google-drive'] as const) {
      const res = await listItems(provider);
      expect(res.status).toBe(400);
      expect((await json(res)).error.code).toBe('integration/not-connected');
    }
    const page = await insertItem({ type: 'notion page', source: 'notion', providerItemId: 'x' });
    await expect(importItem(page)).rejects.toMatchObject({ code: 'integration/not-connected' });
  });

  it("answers 404 for another builder's app", async () => {
    const other = await signUpBuilder(server);
    for (const path of ['notion/start', 'google-drive/start', 'notion/items', 'google-drive/items']) {
      const res = await server.request(`/api/integrations/${path}?appId=${appId}`, { token: other.idToken });
      expect(res.status, path).toBe(404);
      expect((await json(res)).error.code).toBe('app/not-found');
    }
  });

  it('refuses a callback without the starting browser cookie or with a forged state', async () => {
    const start = await fetch(`${base}/api/integrations/notion/start?appId=${appId}`, {
      headers: { authorization: `Bearer ${builder.idToken}` },
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    const noCookie = await fetch(back);
    expect(noCookie.status).toBe(400);
    const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
    back.searchParams.set('state', 'forged');
    expect((await fetch(back, { headers: { cookie } })).status).toBe(400);
    expect(
      await loadConnection({
        platform: server.platform,
        signingKey: server.services.identity.signingKey,
        accountId: builder.accountId,
        provider: 'notion',
      }),
    ).toBeNull();
  });
});

describe('Notion', () => {
  it('connects, lists pages and databases, and imports their text', async () => {
    const pageId = notion.addPage({
      title: 'Handbook',
      blocks: [
        { type: 'heading_1', text: 'Welcome' },
        {
          type: 'paragraph',
          text: 'We ship on Fridays.',
          children: [{ type: 'paragraph', text: 'Nested detail.' }],
        },
        { type: 'to_do', text: 'Write docs', checked: true },
        ...Array.from({ length: 120 }, (_, i) => ({
          type: 'bulleted_list_item' as const,
          text: `Point ${i}`,
        })),
      ],
    });
    const databaseId = notion.addDatabase({
      title: 'Products',
      titleColumn: 'Name',
      rows: [
        { Name: 'Lamp', Price: 25, Tags: ['home', 'light'], Notes: 'Warm, soft' },
        { Name: 'Desk', Price: 120, Tags: [], Notes: 'Oak "natural"' },
      ],
    });

    const { authorize, html, callback } = await connect('notion');
    expect(authorize.origin).toBe(notion.url);
    expect(authorize.searchParams.get('owner')).toBe('user');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/api/integrations/notion/callback`);
    expect(callback.status).toBe(200);
    expect(html).toContain('"connected":true');

    // stored encrypted under the account
    const blob = await server.platform.blobs.get(connectionKey(builder.accountId, 'notion'));
    const connection = await loadConnection({
      platform: server.platform,
      signingKey: server.services.identity.signingKey,
      accountId: builder.accountId,
      provider: 'notion',
    });
    expect(connection?.accessToken).toBeTruthy();
    expect(blob!.body.toString()).not.toContain(connection!.accessToken);

    const listed = await listItems('notion');
    expect(listed.status).toBe(200);
    const { items } = await json(listed);
    expect(items).toEqual([
      expect.objectContaining({
        name: 'Handbook',
        type: 'notion page',
        providerItemId: pageId,
        source: 'notion',
        provider: 'notion',
      }),
      expect.objectContaining({ name: 'Products', type: 'notion database', providerItemId: databaseId }),
    ]);

    const page = await importItem(
      await insertItem({ type: 'notion page', source: 'notion', providerItemId: pageId }),
    );
    expect(page.kind).toBe('prose');
    const text = page.kind === 'prose' ? page.text : '';
    expect(text).toContain('# Welcome');
    expect(text).toContain('We ship on Fridays.\n  Nested detail.');
    expect(text).toContain('[x] Write docs');
    expect(text).toContain('- Point 119'); // past the first page of 100 blocks
    const calls = notion.requests.filter((r) => r.path.startsWith('/v1/blocks/'));
    expect(
      calls.every(
        (r) => r.headers.authorization === `Bearer ${connection!.accessToken}` && r.headers['notion-version'],
      ),
    ).toBe(true);

    const table = await importItem(
      await insertItem({ type: 'notion database', source: 'notion', providerItemId: databaseId }),
    );
    expect(table).toEqual({
      kind: 'table',
      header: 'Name,Price,Tags,Notes',
      rows: ['Lamp,25,"home, light","Warm, soft"', 'Desk,120,,"Oak ""natural"""'],
    });

    // a revoked access answers not-connected; a missing page not-found
    await expect(
      importItem(await insertItem({ type: 'notion page', source: 'notion', providerItemId: 'missing' })),
    ).rejects.toMatchObject({ code: 'context/not-found' });
    notion.revokeAll();
    expect((await json(await listItems('notion'))).error.code).toBe('integration/not-connected');
  });

  it('tells the opener when the builder cancels', async () => {
    notion.denyNext();
    const { html } = await connect('notion');
    expect(html).toContain('"cancelled":true');
    expect(
      await loadConnection({
        platform: server.platform,
        signingKey: server.services.identity.signingKey,
        accountId: builder.accountId,
        provider: 'notion',
      }),
    ).toBeNull();
  });
});

describe('Google Drive', () => {
  it('connects with PKCE and drive.readonly, lists files, exports docs, sheets and slides', async () => {
    const docId = drive.addFile({ name: 'Plan', kind: 'doc', content: '\uFEFFQuarterly plan\r\nShip it.' });
    const sheetId = drive.addFile({
      name: 'Prices',
      kind: 'sheet',
      content: 'Item,Price\r\nLamp,25\r\n"Desk, oak","1,200"\r\n',
    });
    const slidesId = drive.addFile({ name: 'Deck', kind: 'slides', content: 'Slide one\n\nSlide two' });
    drive.addFile({ name: 'photo.png', kind: 'image/png', content: 'x' });
    drive.addFile({ name: 'Old', kind: 'doc', content: 'gone', trashed: true });

    const { authorize, html } = await connect('google-drive');
    expect(authorize.origin).toBe(drive.url);
    expect(authorize.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/drive.readonly');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(html).toContain('"connected":true');

    const { items } = await json(await listItems('google-drive'));
    expect(items.map((i: { name: string; type: string }) => [i.name, i.type])).toEqual([
      ['Plan', 'google doc'],
      ['Prices', 'google sheet'],
      ['Deck', 'google slide'],
    ]);
    expect(items[0]).toMatchObject({
      providerItemId: docId,
      source: 'google drive',
      provider: 'google-drive',
    });

    expect(
      await importItem(
        await insertItem({ type: 'google doc', source: 'google drive', providerItemId: docId }),
      ),
    ).toEqual({
      kind: 'prose',
      text: 'Quarterly plan\nShip it.',
    });
    expect(
      await importItem(
        await insertItem({ type: 'google sheet', source: 'google drive', providerItemId: sheetId }),
      ),
    ).toEqual({ kind: 'table', header: 'Item,Price', rows: ['Lamp,25', '"Desk, oak","1,200"'] });
    expect(
      await importItem(
        await insertItem({ type: 'google slide', source: 'google drive', providerItemId: slidesId }),
      ),
    ).toEqual({ kind: 'prose', text: 'Slide one\n\nSlide two' });
    const exports = drive.requests.filter((r) => r.path.endsWith('/export')).map((r) => r.query.mimeType);
    expect(exports).toEqual(['text/plain', 'text/csv', 'text/plain']);
  });

  it('refreshes an expired access token before calling Drive', async () => {
    const docId = drive.addFile({ name: 'Plan', kind: 'doc', content: 'Fresh text' });
    drive.setTokenLifetime(30); // within the refresh margin at once
    await connect('google-drive');
    const before = await loadConnection({
      platform: server.platform,
      signingKey: server.services.identity.signingKey,
      accountId: builder.accountId,
      provider: 'google-drive',
    });
    const extracted = await importItem(
      await insertItem({ type: 'google doc', source: 'google drive', providerItemId: docId }),
    );
    expect(extracted).toEqual({ kind: 'prose', text: 'Fresh text' });
    const tokenCalls = drive.requests.filter((r) => r.path === '/token');
    expect(tokenCalls).toHaveLength(2);
    const after = await loadConnection({
      platform: server.platform,
      signingKey: server.services.identity.signingKey,
      accountId: builder.accountId,
      provider: 'google-drive',
    });
    expect(after!.accessToken).not.toBe(before!.accessToken);
    expect(after!.refreshToken).toBe(before!.refreshToken);
  });
});
