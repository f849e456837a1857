import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorCatalogue } from '@buildai/domain';
import { signUpBuilder, type FakeGoogleDrive, type FakeNotion, type TestServer } from '@buildai/testkit';
import { connectionKey, loadConnection } from '../src/features/integrations';
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

/** Connects the builder through the popup's trip; the callback page reports success. */
async function connect(provider: Provider) {
  const { callback, html } = await popupTrip(base, provider, builder.idToken, appId);
  expect(callback.status).toBe(200);
  expect(html).toContain('"connected":true');
}

const connections = (token = builder.idToken, app = appId) =>
  server.request(`/api/integrations/connections?appId=${app}`, { token });
const disconnect = (provider: Provider, token = builder.idToken, app = appId) =>
  server.request(`/api/integrations/${provider}/connection?appId=${app}`, { method: 'DELETE', token });
const listItems = (provider: Provider) =>
  server.request(`/api/integrations/${provider}/items?appId=${appId}`, { token: builder.idToken });

describe('GET /api/integrations/connections', () => {
  it('answers which imports are configured and connected, before and after connecting', async () => {
    const before = await connections();
    expect(before.status).toBe(200);
    expect(await json(before)).toEqual({
      notion: { configured: true, connected: false },
      googleDrive: { configured: true, connected: false },
    });

    await connect('notion');
    expect(await json(await connections())).toEqual({
      notion: { configured: true, connected: true },
      googleDrive: { configured: true, connected: false },
    });

    await connect('google-drive');
    expect(await json(await connections())).toEqual({
      notion: { configured: true, connected: true },
      googleDrive: { configured: true, connected: true },
    });

    // a connection belongs to the builder, not to one app
    const otherApp = await makeGeneratedApp(server, builder.idToken);
    expect(await json(await connections(builder.idToken, otherApp))).toEqual({
      notion: { configured: true, connected: true },
      googleDrive: { configured: true, connected: true },
    });
    // and only to that builder
    const other = await signUpBuilder(server);
    const theirApp = await makeGeneratedApp(server, other.idToken);
    expect(await json(await connections(other.idToken, theirApp))).toEqual({
      notion: { configured: true, connected: false },
      googleDrive: { configured: true, connected: false },
    });
  });

  it('says configured: false for an import the operator did not set up', async () => {
    const saved = server.platform.config.GOOGLE_CLIENT_SECRET;
    server.platform.config.GOOGLE_CLIENT_SECRET = undefined;
    try {
      expect(await json(await connections())).toEqual({
        notion: { configured: true, connected: false },
        googleDrive: { configured: false, connected: false },
      });
    } finally {
      server.platform.config.GOOGLE_CLIENT_SECRET = saved;
    }
  });

  it('counts a stored connection that can no longer be opened as not connected', async () => {
    await server.platform.blobs.put(connectionKey(builder.accountId, 'notion'), '{"v":1,"iv":"x"}');
    expect((await json(await connections())).notion).toEqual({ configured: true, connected: false });
  });
});

describe('DELETE /api/integrations/{provider}/connection', () => {
  it('forgets the tokens: the items answer integration/not-connected, the other provider stays', async () => {
    notion.addPage({ title: 'Handbook', blocks: [{ type: 'paragraph', text: 'Hello' }] });
    await connect('notion');
    await connect('google-drive');
    expect((await listItems('notion')).status).toBe(200);

    const res = await disconnect('notion');
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(
      await loadConnection({
        platform: server.platform,
        signingKey: server.services.identity.signingKey,
        accountId: builder.accountId,
        provider: 'notion',
      }),
    ).toBeNull();
    expect(await server.platform.blobs.exists(connectionKey(builder.accountId, 'notion'))).toBe(false);

    const items = await listItems('notion');
    expect(items.status).toBe(400);
    expect(await json(items)).toEqual({
      error: { code: 'integration/not-connected', message: 'Connect your account first' },
    });

    expect(await json(await connections())).toEqual({
      notion: { configured: true, connected: false },
      googleDrive: { configured: true, connected: true },
    });
    expect((await listItems('google-drive')).status).toBe(200);

    // connecting again works after a disconnect
    await connect('notion');
    expect((await json(await connections())).notion.connected).toBe(true);
    expect((await listItems('notion')).status).toBe(200);
  });

  it('keeps the items already imported', async () => {
    const pageId = notion.addPage({ title: 'Handbook', blocks: [{ type: 'paragraph', text: 'Hello' }] });
    await connect('notion');
    const { items } = await json(await listItems('notion'));
    const imported = await server.request(`/api/context/ingest/metadata?appId=${appId}`, {
      method: 'POST',
      token: builder.idToken,
      json: { contextItems: items },
    });
    expect(imported.status).toBe(201);
    const { contextItemIds } = await json(imported);

    expect((await disconnect('notion')).status).toBe(204);

    const list = await json(
      await server.request(`/api/context/items?appId=${appId}`, { token: builder.idToken }),
    );
    expect(list.contextItems).toEqual([
      expect.objectContaining({ id: contextItemIds[0], name: 'Handbook', providerItemId: pageId }),
    ]);
  });

  it('is idempotent: 204 when there was no connection, and again after one was removed', async () => {
    expect((await disconnect('google-drive')).status).toBe(204);
    await connect('google-drive');
    expect((await disconnect('google-drive')).status).toBe(204);
    expect((await disconnect('google-drive')).status).toBe(204);
    expect((await json(await connections())).googleDrive.connected).toBe(false);
  });

  it('works when the operator removed the import, so tokens can always be deleted', async () => {
    await connect('notion');
    const saved = server.platform.config.NOTION_CLIENT_ID;
    server.platform.config.NOTION_CLIENT_ID = undefined;
    try {
      expect((await disconnect('notion')).status).toBe(204);
    } finally {
      server.platform.config.NOTION_CLIENT_ID = saved;
    }
    expect(
      await loadConnection({
        platform: server.platform,
        signingKey: server.services.identity.signingKey,
        accountId: builder.accountId,
        provider: 'notion',
      }),
    ).toBeNull();
  });

  it('answers not-found for an unknown provider', async () => {
    const res = await server.request(`/api/integrations/dropbox/connection?appId=${appId}`, {
      method: 'DELETE',
      token: builder.idToken,
    });
    expect(res.status).toBe(404);
    expect((await json(res)).error.code).toBe('not-found');
  });
});

describe('ownership and sign-in', () => {
  it("answers 404 app/not-found for another builder's app, and leaves the owner's connection alone", async () => {
    await connect('notion');
    const other = await signUpBuilder(server);

    const status = await connections(other.idToken, appId);
    expect(status.status).toBe(404);
    expect((await json(status)).error).toEqual({
      code: 'app/not-found',
      message: errorCatalogue['app/not-found'].message,
    });

    for (const provider of ['notion', 'google-drive'] as const) {
      const res = await disconnect(provider, other.idToken, appId);
      expect(res.status, provider).toBe(404);
      expect((await json(res)).error.code).toBe('app/not-found');
    }
    expect(
      await loadConnection({
        platform: server.platform,
        signingKey: server.services.identity.signingKey,
        accountId: builder.accountId,
        provider: 'notion',
      }),
    ).not.toBeNull();

    // without an app named, or an app that does not exist
    expect(
      (await json(await server.request('/api/integrations/connections', { token: builder.idToken }))).error
        .code,
    ).toBe('app/not-found');
    expect((await connections(builder.idToken, 'missing-app')).status).toBe(404);
  });

  it('answers 401 without a token', async () => {
    await connect('notion');
    const anonymous = [
      await server.request(`/api/integrations/connections?appId=${appId}`),
      await server.request(`/api/integrations/notion/connection?appId=${appId}`, { method: 'DELETE' }),
    ];
    for (const res of anonymous) {
      expect(res.status).toBe(401);
      expect((await json(res)).error.code).toBe('auth/unauthenticated');
    }
    expect(
      await loadConnection({
        platform: server.platform,
        signingKey: server.services.identity.signingKey,
        accountId: builder.accountId,
        provider: 'notion',
      }),
    ).not.toBeNull();
  });
});
