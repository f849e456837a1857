import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { signUpBuilder, type TestServer } from '@buildai/testkit';
import { addCollaborator, json } from './helpers';
import {
  claim,
  openInvitation,
  publishedApp,
  saveSettings,
  useClaimServer,
  type Builder,
} from './claims-helpers';

let server: TestServer;
let admin: Builder;
useClaimServer((s, a) => {
  server = s;
  admin = a;
});

const as = (builder: Builder, path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(path, { ...init, token: builder.idToken });

async function activate(builder: Builder, appId: string) {
  const res = await as(builder, `/api/apps/${appId}/chat/activate`, {
    method: 'POST',
    json: { isActive: true },
  });
  expect(res.status).toBe(200);
  return (await json(res)).chatAppId as string;
}

async function addSource(builder: Builder, chatAppId: string) {
  const res = await as(builder, `/api/context/ingest/text?appId=${chatAppId}`, {
    method: 'POST',
    json: { name: 'Hours', context: 'Open at nine.' },
  });
  expect(res.status).toBe(201);
  return (await json(res)).contextItemId as string;
}

describe('the chat app of an assistant', () => {
  it("is edited by the parent app's collaborators, and its data sources are the chat app's own", async () => {
    const owner = await signUpBuilder(server);
    const mate = await signUpBuilder(server);
    const { appId } = await publishedApp(server, owner);
    await addCollaborator(server, owner.idToken, appId, mate);
    // a collaborator turns the assistant on and adds its data
    const chatAppId = await activate(mate, appId);
    const itemId = await addSource(mate, chatAppId);
    const view = await json(await as(mate, `/api/apps/${chatAppId}`));
    expect(view).toMatchObject({ appType: 'chat', parentAppId: appId, isOwner: true });
    const items = await json(await as(owner, `/api/context/items?appId=${chatAppId}`));
    expect(items.contextItems.map((i: { id: string }) => i.id)).toEqual([itemId]);
    const parentItems = await json(await as(owner, `/api/context/items?appId=${appId}`));
    expect(parentItems.contextItems).toEqual([]);
    // another builder does not reach it
    const other = await signUpBuilder(server);
    expect(
      (await as(other, `/api/apps/${chatAppId}/chat/activate`, { method: 'POST', json: { isActive: true } }))
        .status,
    ).toBe(404);
    expect((await as(other, `/api/context/items?appId=${chatAppId}`)).status).toBe(404);
  });

  it('moves with its parent when the app is claimed', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const chatAppId = await activate(admin, appId);
    const itemId = await addSource(admin, chatAppId);
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const customer = await signUpBuilder(server);
    expect((await claim(server, customer, invitationId, claimCode)).status).toBe(200);

    const [chatApp] = await server.platform.db
      .select()
      .from(schema.apps)
      .where(eq(schema.apps.appId, chatAppId));
    expect(chatApp!.ownerAccountId).toBe(customer.accountId);
    const [item] = await server.platform.db
      .select()
      .from(schema.contextItems)
      .where(eq(schema.contextItems.id, itemId));
    expect(item!.accountId).toBe(customer.accountId);
    expect((await json(await as(customer, `/api/apps/${chatAppId}`))).isOwner).toBe(true);
    expect((await json(await as(admin, `/api/apps/${chatAppId}`))).isOwner).toBeUndefined();
    const parent = await json(await as(customer, `/api/apps/${appId}`));
    expect(parent.appSettings.chatSettings).toEqual({ chatAppId, status: 'active' });
  });

  it('stays with its template: a copy starts without an assistant, and the templates list no chat app', async () => {
    const { appId } = await publishedApp(server, admin);
    await saveSettings(server, admin, appId, { isAppTemplate: true });
    const chatAppId = await activate(admin, appId);
    const builder = await signUpBuilder(server);
    const listed = (await (await as(builder, '/api/app-templates')).json()) as { appId: string }[];
    expect(listed.map((t) => t.appId)).toContain(appId);
    expect(listed.map((t) => t.appId)).not.toContain(chatAppId);
    const copied = await as(builder, `/api/app-templates/${appId}/copy`, { method: 'POST' });
    expect(copied.status).toBe(201);
    const copy = await json(await as(builder, `/api/apps/${(await json(copied)).appId}`));
    expect(copy.appSettings.chatSettings).toEqual({ chatAppId: null, status: 'draft' });
    const mine = await json(await as(builder, '/api/apps'));
    expect(mine.apps).toHaveLength(1);
  });
});
