import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { schema } from '@buildai/server';
import { signUpBuilder, type TestServer } from '@buildai/testkit';
import { expectError, json } from './helpers';
import { putEntity, recordsUrl } from './entities-helpers';
import {
  claim,
  CLAIM_ADMIN,
  getInvitation,
  openInvitation,
  publishedApp,
  type Builder,
  useClaimServer,
} from './claims-helpers';

let server: TestServer;
let admin: Builder;
useClaimServer((s, a) => {
  server = s;
  admin = a;
});

const as = (builder: Builder, path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(path, { ...init, token: builder.idToken });

/** A claimable app with a data source, an entity and a record, an end user's run and a payment connection. */
async function furnishedApp(settings: Record<string, unknown> = {}) {
  const { appId, toolId } = await publishedApp(server, admin, { isClaimable: true, ...settings });
  const item = await as(admin, `/api/context/ingest/text?appId=${appId}`, {
    method: 'POST',
    json: { name: 'Prices', context: 'A slogan costs ten dollars.' },
  });
  expect(item.status).toBe(201);
  await putEntity(server, admin.idToken, appId, 'Lead', { properties: { name: { type: 'string' } } });
  const record = await as(admin, recordsUrl(appId, 'Lead'), {
    method: 'POST',
    json: { fields: { name: 'Ada' } },
  });
  expect(record.status).toBe(201);
  await server.platform.db.insert(schema.paymentConnections).values({ appId, productId: 'prod-1' });
  await server.platform.db.insert(schema.runs).values({
    runId: `run-${appId}`,
    appId,
    toolId,
    userKey: 'anon:visitor',
    inputs: { topic: 'tea' },
    output: 'Tea time',
    status: 'succeeded',
    model: 'test',
  });
  return { appId, toolId, itemId: (await json(item)).contextItemId as string };
}

describe('what a claim moves', () => {
  it("makes the app, its tools, data sources, entities, records, runs and payments the claimer's", async () => {
    const { appId, toolId, itemId } = await furnishedApp();
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const customer = await signUpBuilder(server);
    expect((await claim(server, customer, invitationId, claimCode)).status).toBe(200);

    const app = await json(await as(customer, `/api/apps/${appId}`));
    expect(app).toMatchObject({ isOwner: true, isPublished: true });
    expect(app.isCollaborator).toBeUndefined();
    expect(app.tools.map((t: { toolId: string }) => t.toolId)).toEqual([toolId]);
    expect(app.tools[0].app.gptPrompt).toBe('Write a slogan about {{topic}}.');
    // the claim and template flags are cleared: the new owner starts over
    expect(app.appSettings).toMatchObject({
      isClaimable: false,
      requireBuilderCollaboratorAccount: false,
      isAppTemplate: false,
    });

    const items = await json(await as(customer, `/api/context/items?appId=${appId}`));
    expect(items.contextItems.map((i: { id: string }) => i.id)).toEqual([itemId]);
    const [item] = await server.platform.db
      .select()
      .from(schema.contextItems)
      .where(eq(schema.contextItems.id, itemId));
    expect(item!.accountId).toBe(customer.accountId);

    const entities = await json(await as(customer, `/api/apps/${appId}/entities`));
    expect(entities.entities.map((e: { name: string }) => e.name)).toEqual(['Lead']);
    const records = await json(await as(customer, recordsUrl(appId, 'Lead')));
    expect(JSON.stringify(records)).toContain('Ada');
    const analytics = await as(customer, `/api/apps/${appId}/analytics`);
    expect(analytics.status).toBe(200);
    const [connection] = await server.platform.db
      .select()
      .from(schema.paymentConnections)
      .where(eq(schema.paymentConnections.appId, appId));
    expect(connection?.productId).toBe('prod-1');

    // the builder who had it sees none of it any more
    const list = await json(await as(admin, '/api/apps'));
    expect(list.apps.map((a: { appId: string }) => a.appId)).not.toContain(appId);
    expect((await json(await as(admin, `/api/apps/${appId}`))).isOwner).toBe(false);
    for (const path of [
      `/api/context/items?appId=${appId}`,
      `/api/apps/${appId}/entities`,
      `/api/apps/${appId}/analytics`,
    ]) {
      await expectError(await as(admin, path), 404, 'app/not-found', 'App not found');
    }
    await expectError(await getInvitation(server, admin, appId), 404, 'app/not-found', 'App not found');
  });

  it('keeps the builder on as a collaborator with requireBuilderCollaboratorAccount', async () => {
    const { appId } = await furnishedApp({ requireBuilderCollaboratorAccount: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    expect(
      (await json(await server.request(`/api/claim/${invitationId}`))).requireBuilderCollaboratorAccount,
    ).toBe(true);
    const customer = await signUpBuilder(server);
    expect((await claim(server, customer, invitationId, claimCode)).status).toBe(200);

    const asBuilder = await json(await as(admin, `/api/apps/${appId}`));
    expect(asBuilder).toMatchObject({ isOwner: true, isCollaborator: true });
    const list = await json(await as(admin, '/api/apps'));
    expect(list.apps.find((a: { appId: string }) => a.appId === appId)).toMatchObject({
      isCollaborator: true,
    });
    // edits still work, handing it on again does not
    const saved = await as(admin, `/api/apps/${appId}/style`, {
      method: 'POST',
      json: { appStyle: { headerTextColor: '#112233' } },
    });
    expect(saved.status).toBe(200);
    await expectError(
      await getInvitation(server, admin, appId),
      403,
      'app/owner-only',
      'Only the owner of this app can do that',
    );
    const team = await json(await as(customer, `/api/apps/${appId}/collaborators`));
    expect(team).toEqual({
      owner: { accountId: customer.accountId, email: customer.email },
      collaborators: [{ accountId: admin.accountId, email: CLAIM_ADMIN, addedAt: expect.any(String) }],
    });
  });

  it('drops the collaborators the builder had, and the claimer is no longer one', async () => {
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const [helper, customer] = await Promise.all([signUpBuilder(server), signUpBuilder(server)]);
    for (const b of [helper, customer]) {
      const res = await as(admin, `/api/apps/${appId}/collaborators`, {
        method: 'POST',
        json: { email: b.email },
      });
      expect(res.status).toBe(200);
    }
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    expect((await claim(server, customer, invitationId, claimCode)).status).toBe(200);
    expect((await json(await as(customer, `/api/apps/${appId}/collaborators`))).collaborators).toEqual([]);
    expect((await json(await as(customer, `/api/apps/${appId}`))).isCollaborator).toBeUndefined();
    await expectError(await as(helper, `/api/apps/${appId}/entities`), 404, 'app/not-found', 'App not found');
  });
});
