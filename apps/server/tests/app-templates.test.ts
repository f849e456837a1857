import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { expectError, json, makeTool, TINY_PNG, uploadFile } from './helpers';
import { newApp, putEntity, recordsUrl } from './entities-helpers';
import { claimServerEnv, CLAIM_ADMIN, publishedApp, saveSettings, type Builder } from './claims-helpers';

let server: TestServer;
let admin: Builder;
let builder: Builder;
beforeAll(async () => {
  server = await startTestServer(claimServerEnv);
  admin = await signUpBuilder(server, CLAIM_ADMIN);
  builder = await signUpBuilder(server);
});
afterAll(() => server.close());

const as = (who: Builder | null, path: string, init: Parameters<TestServer['request']>[1] = {}) =>
  server.request(path, { ...init, token: who?.idToken });
const copy = (who: Builder | null, appId: string) =>
  as(who, `/api/app-templates/${appId}/copy`, { method: 'POST' });
const templateIds = async (who: Builder) =>
  ((await json(await as(who, '/api/app-templates'))) as unknown as { appId: string }[]).map((t) => t.appId);

/** An admin's published tool app listed as a template, with a logo, an entity with a record and money settings. */
async function toolTemplate() {
  const { appId, toolId } = await publishedApp(server, admin);
  const logo = await uploadFile(server, admin.idToken, `/api/apps/${appId}/images?kind=logo`, TINY_PNG);
  expect(logo.status).toBe(200);
  const style = await as(admin, `/api/apps/${appId}/style`, {
    method: 'POST',
    json: { appStyle: { logoUrl: (await json(logo)).url } },
  });
  expect(style.status).toBe(200);
  await putEntity(server, admin.idToken, appId, 'Lead', { properties: { name: { type: 'string' } } });
  expect(
    (await as(admin, recordsUrl(appId, 'Lead'), { method: 'POST', json: { fields: { name: 'Ada' } } }))
      .status,
  ).toBe(201);
  await saveSettings(server, admin, appId, {
    isAppTemplate: true,
    isClaimable: true,
    requireBuilderCollaboratorAccount: true,
    isToolTemplate: true,
    dailyUserLimit: 7,
    supportEmail: 'help@example.com',
  });
  // what a save cannot set (memberships, a custom domain) is written as the other settings' routes would
  const [row] = await server.platform.db.select().from(schema.apps).where(eq(schema.apps.appId, appId));
  const customDomain = `slogans-${appId.toLowerCase()}.example.com`;
  await server.platform.db
    .update(schema.apps)
    .set({
      customDomain,
      appSettings: {
        ...row!.appSettings,
        customDomain,
        isPaidMembershipsEnabled: true,
        paidMembershipsProduct: { id: 'prod-1', name: 'Pro' },
        paidMembershipsSettings: {
          paymentProvider: 'gumroad',
          hasPaymentProviderAccessToken: true,
          isSetupCompleted: true,
        },
      },
    })
    .where(eq(schema.apps.appId, appId));
  return { appId, toolId };
}

describe('app templates', () => {
  it("lists an admin's published apps listed as templates, to any builder", async () => {
    const { appId } = await toolTemplate();
    const listed = (
      (await json(await as(builder, '/api/app-templates'))) as unknown as Record<string, unknown>[]
    ).find((t) => t.appId === appId);
    expect(listed).toEqual({
      appId,
      appType: 'tool',
      header: 'Slogan maker',
      description: 'Writes slogans',
      logoUrl: expect.stringMatching(/^\/api\/files\/accounts\/.+\/style\/logo-/),
      toolCount: 1,
      entityCount: 1,
    });
    await expectError(
      await as(null, '/api/app-templates'),
      401,
      'auth/unauthenticated',
      'You need to sign in to do that',
    );

    // not listed: an unpublished one, and one whose owner is not an admin
    const { appId: draft } = await makeTool(server, admin.idToken);
    await saveSettings(server, admin, draft, { isAppTemplate: true });
    const { appId: notAdmins } = await publishedApp(server, builder);
    const [row] = await server.platform.db.select().from(schema.apps).where(eq(schema.apps.appId, notAdmins));
    await server.platform.db
      .update(schema.apps)
      .set({ appSettings: { ...row!.appSettings, isAppTemplate: true } })
      .where(eq(schema.apps.appId, notAdmins));
    const ids = await templateIds(builder);
    expect(ids).toContain(appId);
    expect(ids).not.toContain(draft);
    expect(ids).not.toContain(notAdmins);
    for (const id of [draft, notAdmins, 'NoSuchApp']) {
      await expectError(await copy(builder, id), 404, 'template/not-found', 'Template not found');
    }
  });

  it('copies tools as drafts, entities without records, style and settings without money, claim or domain', async () => {
    const { appId, toolId } = await toolTemplate();
    const res = await copy(builder, appId);
    expect(res.status).toBe(201);
    const created = await json(res);
    expect(created).toEqual({
      appId: expect.any(String),
      appType: 'tool',
      toolId: expect.any(String),
      path: expect.any(String),
    });
    expect(created.appId).not.toBe(appId);
    expect(created.toolId).not.toBe(toolId);

    const copyView = await json(await as(builder, `/api/apps/${created.appId}`));
    expect(copyView).toMatchObject({ isOwner: true, isPublished: false, header: 'Slogan maker' });
    expect(copyView.tools).toHaveLength(1);
    expect(copyView.tools[0]).toMatchObject({
      toolId: created.toolId,
      status: 'draft',
      title: 'Slogan maker',
    });
    expect(copyView.tools[0].app.gptPrompt).toBe('Write a slogan about {{topic}}.');
    expect(copyView.appSettings).toMatchObject({
      dailyUserLimit: 7,
      supportEmail: 'help@example.com',
      isAppTemplate: false,
      isClaimable: false,
      requireBuilderCollaboratorAccount: false,
      isToolTemplate: false,
      isSignupEnabled: false,
      isPaidMembershipsEnabled: false,
      paidMembershipsProduct: null,
      paidMembershipsSettings: {
        paymentProvider: 'gumroad',
        hasPaymentProviderAccessToken: false,
        isSetupCompleted: false,
      },
      customDomain: '',
    });
    // the logo is the copy's own file, under the builder's account
    const template = await json(await as(admin, `/api/apps/${appId}`));
    expect(copyView.appStyle.logoUrl).toMatch(
      new RegExp(`^/api/files/accounts/${builder.accountId}/apps/${created.appId}/style/logo-`),
    );
    expect(copyView.appStyle.logoUrl).not.toBe(template.appStyle.logoUrl);
    expect((await server.request(copyView.appStyle.logoUrl)).status).toBe(200);

    const entities = await json(await as(builder, `/api/apps/${created.appId}/entities`));
    expect(entities.entities.map((e: { name: string }) => e.name)).toEqual(['Lead']);
    expect(JSON.stringify(await json(await as(builder, recordsUrl(created.appId, 'Lead'))))).not.toContain(
      'Ada',
    );
    const [copyRow] = await server.platform.db
      .select()
      .from(schema.apps)
      .where(eq(schema.apps.appId, created.appId));
    expect(copyRow).toMatchObject({
      ownerAccountId: builder.accountId,
      customDomain: null,
      isPublished: false,
    });
    expect(
      await server.platform.db
        .select()
        .from(schema.paymentConnections)
        .where(eq(schema.paymentConnections.appId, created.appId)),
    ).toEqual([]);

    // the template is as it was
    expect(template.tools[0]).toMatchObject({ toolId, status: 'active' });
    expect(JSON.stringify(await json(await as(admin, recordsUrl(appId, 'Lead'))))).toContain('Ada');
  });

  it("copies a space app's files and names its address", async () => {
    const appId = await newApp(server, admin.idToken);
    await putEntity(server, admin.idToken, appId, 'Task', { properties: { title: { type: 'string' } } });
    // listed and published as the publish route leaves it (its build is the space runtime's business)
    await server.platform.db
      .update(schema.apps)
      .set({
        isPublished: true,
        publishedAt: new Date(),
        appSettings: { isAppTemplate: true },
        header: 'Tasks',
      })
      .where(eq(schema.apps.appId, appId));
    const created = await json(await copy(builder, appId));
    expect(created).toEqual({
      appId: expect.any(String),
      appType: 'space',
      toolId: null,
      path: `/app/${created.appId}`,
    });
    const files = (id: string) =>
      server.platform.db
        .select({ path: schema.appFiles.path, content: schema.appFiles.content })
        .from(schema.appFiles)
        .where(eq(schema.appFiles.appId, id))
        .orderBy(schema.appFiles.path);
    const copied = await files(created.appId);
    expect(copied.length).toBeGreaterThan(0);
    expect(copied).toEqual(await files(appId));
    const entities = await json(await as(builder, `/api/apps/${created.appId}/entities`));
    expect(entities.entities.map((e: { name: string }) => e.name)).toEqual(['Task']);
  });
});
