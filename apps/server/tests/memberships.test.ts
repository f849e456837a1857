import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import {
  signUpBuilder,
  startFakeLlm,
  startTestServer,
  type FakeLlm,
  type TestServer,
} from '@buildai/testkit';
import { newApp, putEntity, recordsUrl, signUpEndUser } from './entities-helpers';
import {
  activateAndPublish,
  addCollaborator,
  expectError,
  fakeLlmConfig,
  json,
  makeTool,
  readRunEvents,
} from './helpers';

// The membership rule (decision 0009): with paid memberships on, an app's tool runs and records are for its
// members, its owner and admins; everyone else gets 402 payments/membership-required.

const PRODUCT = 'prod_slogans';
const REFUSED = ['payments/membership-required', 'A membership is needed to use this app'] as const;

let llm: FakeLlm;
let server: TestServer;
let owner: { idToken: string; accountId: string };
let tool: { appId: string; toolId: string; path: string };

beforeAll(async () => {
  llm = await startFakeLlm({ apiKey: 'test-key' });
  server = await startTestServer({ ...fakeLlmConfig(llm), ADMIN_EMAILS: 'boss@example.com' });
  owner = await signUpBuilder(server);
  tool = await makeTool(server, owner.idToken, { header: 'Slogan maker' });
  await activateAndPublish(server, owner.idToken, tool.appId, tool.toolId);
});
afterAll(async () => {
  await server?.close();
  await llm.close();
});

/** Sets the app's memberships as the settings panel and connect leave them, and tells the caches. */
async function setMemberships(appId: string, on: boolean, setupCompleted = on) {
  const [app] = await server.platform.db.select().from(schema.apps).where(eq(schema.apps.appId, appId));
  await server.platform.db
    .update(schema.apps)
    .set({
      appSettings: {
        ...app!.appSettings,
        isSignupEnabled: true,
        isPaidMembershipsEnabled: on,
        paidMembershipsProduct: { id: PRODUCT, name: 'Slogan club' },
        paidMembershipsSettings: {
          paymentProvider: 'gumroad',
          hasPaymentProviderAccessToken: true,
          isSetupCompleted: setupCompleted,
        },
      },
    })
    .where(eq(schema.apps.appId, appId));
  await server.services.appChanges.announce(appId);
}

let saleSeq = 0;
async function addSale(row: Partial<typeof schema.paymentSales.$inferInsert>) {
  const saleId = `sale_${++saleSeq}`;
  await server.platform.db.insert(schema.paymentSales).values({
    scope: tool.appId,
    saleId,
    productId: PRODUCT,
    email: 'nobody@example.com',
    state: 'alive',
    ...row,
  });
  return saleId;
}

const run = (token?: string) =>
  server.request(`/api/apps/${tool.appId}/tools/${tool.path}/run`, {
    method: 'POST',
    token,
    json: { inputs: { topic: 'tea' } },
  });

async function expectRuns(token?: string) {
  llm.enqueue({ chunks: ['Calm in a cup.'] });
  const res = await run(token);
  expect(res.status).toBe(200);
  expect((await readRunEvents(res)).at(-1)).toMatchObject({ type: 'finish' });
}

const membership = async (token?: string) =>
  json(await server.request(`/api/apps/${tool.appId}/membership`, { token }));

let endUsers = 0;
async function endUser(opts: { email?: string; verified?: boolean } = {}) {
  const email = opts.email ?? `visitor-${++endUsers}@example.com`;
  const user = await signUpEndUser(server, tool.appId, email);
  if (opts.verified)
    await server.platform.db
      .update(schema.users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(schema.users.id, user.userId));
  return { ...user, email };
}

describe('memberships off', () => {
  beforeEach(() => setMemberships(tool.appId, false));

  it('runs for anyone, and the status says nothing is required', async () => {
    await expectRuns();
    expect(await membership()).toEqual({
      required: false,
      isMember: false,
      plan: null,
      appName: 'Slogan maker',
    });
  });

  it('a toggle without a connected product gates nothing', async () => {
    await setMemberships(tool.appId, true, false);
    await expectRuns();
    expect((await membership()).required).toBe(false);
  });
});

describe('memberships on: tool runs', () => {
  beforeAll(async () => {
    await setMemberships(tool.appId, true);
    await server.platform.db
      .insert(schema.paymentConnections)
      .values({
        appId: tool.appId,
        productId: PRODUCT,
        productName: 'Slogan club',
        productUrl: 'https://seller.gumroad.com/l/slogans',
        product: {
          id: PRODUCT,
          name: 'Slogan club',
          url: 'https://seller.gumroad.com/l/slogans',
          priceCents: 900,
          yearlyPriceCents: 9000,
          isSubscription: true,
          currency: 'usd',
        },
      })
      .onConflictDoNothing();
  });

  it('refuses an anonymous visitor with 402 and offers the plan', async () => {
    await expectError(await run(), 402, ...REFUSED);
    expect(await membership()).toEqual({
      required: true,
      isMember: false,
      appName: 'Slogan maker',
      plan: {
        id: PRODUCT,
        name: 'Slogan club',
        price: 9,
        priceYearly: 90,
        oneTimePayment: false,
        description: '',
        link: 'https://seller.gumroad.com/l/slogans',
        gumroadProductId: PRODUCT,
      },
    });
  });

  it('refuses an end user without a sale, runs for one whose sale is linked to them', async () => {
    const user = await endUser();
    await expectError(await run(user.token), 402, ...REFUSED);
    await addSale({ userId: user.userId, email: 'paid-with-another@example.com' });
    expect((await membership(user.token)).isMember).toBe(true);
    await expectRuns(user.token);
  });

  it("counts a sale to the user's verified email, in any case; an unverified email does not", async () => {
    const verified = await endUser({ email: 'buyer.one@example.com', verified: true });
    const unverified = await endUser({ email: 'buyer.two@example.com' });
    await addSale({ email: 'Buyer.One@EXAMPLE.com' });
    await addSale({ email: 'buyer.two@example.com' });
    await expectRuns(verified.token);
    await expectError(await run(unverified.token), 402, ...REFUSED);
  });

  it.each([
    ['alive', null, true],
    ['cancelled, paid period not over', 86_400_000, true],
    ['cancelled, no end date known', undefined, true],
    ['cancelled, paid period over', -86_400_000, false],
    ['ended', null, false],
    ['refunded', null, false],
  ] as const)('a sale %s counts: %s', async (label, paidIn, counts) => {
    const user = await endUser({ verified: true });
    const state = label.split(',')[0] as 'alive' | 'cancelled' | 'ended' | 'refunded';
    await addSale({
      email: user.email,
      state,
      paidUntil: typeof paidIn === 'number' ? new Date(Date.now() + paidIn) : null,
    });
    expect((await membership(user.token)).isMember).toBe(counts);
    if (counts) await expectRuns(user.token);
    else await expectError(await run(user.token), 402, ...REFUSED);
  });

  it("does not count another app's sale or another product's", async () => {
    const other = await makeTool(server, owner.idToken);
    const user = await endUser({ verified: true });
    await addSale({ email: user.email, scope: other.appId });
    await addSale({ email: user.email, productId: 'prod_other' });
    await expectError(await run(user.token), 402, ...REFUSED);
  });

  it('a token of another app is nobody here, even with a sale of that email', async () => {
    const other = await makeTool(server, owner.idToken);
    await server.platform.db
      .update(schema.apps)
      .set({ isPublished: true, appSettings: { isSignupEnabled: true } })
      .where(eq(schema.apps.appId, other.appId));
    const stranger = await signUpEndUser(server, other.appId, 'stranger@example.com');
    await addSale({ email: 'stranger@example.com' });
    await expectError(await run(stranger.token), 402, ...REFUSED);
  });

  it('never gates the owner or an admin; another builder is refused', async () => {
    await expectRuns(owner.idToken);
    expect((await membership(owner.idToken)).isMember).toBe(true);
    const admin = await signUpBuilder(server, 'boss@example.com');
    await expectRuns(admin.idToken);
    const another = await signUpBuilder(server);
    await expectError(await run(another.idToken), 402, ...REFUSED);
    expect((await membership(another.idToken)).isMember).toBe(false);
  });

  it("never gates a collaborator of the app's owner", async () => {
    const mate = await signUpBuilder(server);
    await addCollaborator(server, owner.idToken, tool.appId, mate);
    await expectRuns(mate.idToken);
    expect((await membership(mate.idToken)).isMember).toBe(true);
  });

  it("an end user with the app's admin role passes", async () => {
    const user = await endUser();
    await server.platform.db
      .update(schema.users)
      .set({ appRole: 'admin' })
      .where(eq(schema.users.id, user.userId));
    await expectRuns(user.token);
  });
});

/** The owner's new space app, published. */
async function publishedSpaceApp(): Promise<string> {
  const appId = await newApp(server, owner.idToken);
  const published = await server.request(`/api/apps/${appId}/publish`, {
    method: 'POST',
    token: owner.idToken,
  });
  expect(published.status).toBe(200);
  return appId;
}

describe('memberships on: records of a space app', () => {
  let appId: string;
  let recordId: string;
  beforeAll(async () => {
    appId = await publishedSpaceApp();
    await putEntity(server, owner.idToken, appId, 'Note', {
      type: 'object',
      properties: { text: { type: 'string' } },
      'x-accessControl': { permissions: { read: 'anonymous', write: 'all' } },
    });
    const created = await server.request(recordsUrl(appId, 'Note'), {
      method: 'POST',
      token: owner.idToken,
      json: { text: 'first' },
    });
    recordId = (await json(created)).id;
    await setMemberships(appId, true);
  });

  const calls = (id: () => string) =>
    [
      ['list', 'GET', '', undefined],
      ['get', 'GET', `/${id()}`, undefined],
      ['create', 'POST', '', { text: 'x' }],
      ['bulk create', 'POST', '/bulk', { records: [{ text: 'x' }] }],
      ['update', 'PATCH', `/${id()}`, { text: 'y' }],
      ['delete', 'DELETE', `/${id()}`, undefined],
    ] as const;

  it('answers 402 on every record route to a visitor and a non-member, and nothing changes', async () => {
    const user = await signUpEndUser(server, appId, 'reader@example.com');
    for (const token of [undefined, user.token]) {
      for (const [, method, rest, body] of calls(() => recordId)) {
        const res = await server.request(recordsUrl(appId, 'Note', rest), { method, token, json: body });
        await expectError(res, 402, ...REFUSED);
      }
    }
    const rows = await server.platform.db
      .select()
      .from(schema.appRecords)
      .where(eq(schema.appRecords.appId, appId));
    expect(rows.map((r) => r.data)).toEqual([{ text: 'first' }]);
  });

  it('serves the records to a member and to the owner', async () => {
    const member = await signUpEndUser(server, appId, 'member@example.com');
    await server.platform.db.insert(schema.paymentSales).values({
      scope: appId,
      saleId: `sale_space_${++saleSeq}`,
      productId: PRODUCT,
      email: 'member@example.com',
      userId: member.userId,
      state: 'alive',
    });
    for (const token of [member.token, owner.idToken]) {
      const list = await server.request(recordsUrl(appId, 'Note'), { token });
      expect(list.status).toBe(200);
      expect((await json(list)).records.map((r: { text: string }) => r.text)).toContain('first');
      const one = await server.request(recordsUrl(appId, 'Note', `/${recordId}`), { token });
      expect(one.status).toBe(200);
    }
    const created = await server.request(recordsUrl(appId, 'Note'), {
      method: 'POST',
      token: member.token,
      json: { text: 'by a member' },
    });
    expect(created.status).toBe(201);
  });
});

describe('memberships on: the page of a space app', () => {
  let appId: string;
  const memberLink = (token?: string) =>
    server.request(`/api/apps/${appId}/member-link`, { method: 'POST', token });
  const open = (url: string) => {
    const { pathname, search } = new URL(url);
    return server.appRequest(`${pathname}${search}`);
  };

  beforeAll(async () => {
    appId = await publishedSpaceApp();
  });

  it('with memberships off the document opens for anyone, and anyone gets a link', async () => {
    expect((await server.appRequest(`/apps/${appId}/`)).status).toBe(200);
    const link = await memberLink();
    expect(link.status).toBe(200);
    expect((await open((await json(link)).url)).status).toBe(200);
  });

  it("with memberships on the document asks for a member's link; visitors and non-members get none", async () => {
    await setMemberships(appId, true);
    const bare = await server.appRequest(`/apps/${appId}/`);
    expect(bare.status).toBe(402);
    expect(await bare.text()).toContain('A membership is needed to use this app');
    const user = await signUpEndUser(server, appId, 'page-reader@example.com');
    await expectError(await memberLink(), 402, ...REFUSED);
    await expectError(await memberLink(user.token), 402, ...REFUSED);

    await server.platform.db.insert(schema.paymentSales).values({
      scope: appId,
      saleId: `sale_page_${++saleSeq}`,
      productId: PRODUCT,
      email: 'page-reader@example.com',
      userId: user.userId,
      state: 'alive',
    });
    for (const token of [user.token, owner.idToken]) {
      const link = await memberLink(token);
      expect(link.status).toBe(200);
      const { url } = await json(link);
      expect((await open(url)).status).toBe(200);
      // the token under another name opens nothing
      expect((await open(url.replace('access=', 'token='))).status).toBe(402);
    }
  });
});
