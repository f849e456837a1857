// Money and accounts (CONTRACT "Account effects"; spec 000 §4, spec 001 §9): builder plans bought through the
// operator's Gumroad products, the plan cards' links, and an account created with the sale it was bought with.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpBuilder, startTestServer, type FakeGumroad, type TestServer } from '@buildai/testkit';
import { endPaidPeriods } from '../src/features/payments';
import { expectError, json } from './helpers';
import {
  builderWithApp,
  connect,
  expectOk,
  newSeller,
  PLANS_FILE,
  saleRow,
  settled,
  signUpEndUser,
  usePaymentsServer,
} from './payments-helpers';

let gumroad: FakeGumroad;
let server: TestServer;

usePaymentsServer((g, s) => {
  gumroad = g;
  server = s;
});

type Sale = { id: string; subscription_id: string | null };
const current = (token: string) => server.request('/api/live_api/account/current', { token }).then(json);
const paidPlans = (token?: string) => server.request('/api/live_api/app/paidPlans', { token }).then(json);

describe('a builder buying a plan', () => {
  it('becomes Explorer through the ping, keeps it while cancelled, and returns to Lite at the end', async () => {
    const builder = await signUpBuilder(server);
    const sale = (await gumroad.makeSale({ productId: 'plan-explorer', email: builder.email })) as Sale;
    await settled(server, 'platform');
    expect(await current(builder.idToken)).toMatchObject({
      plan: 'explorer',
      planSubscriptionStatus: 'alive',
      subscriptionId: sale.subscription_id,
      subscriptionPaymentsIds: [sale.id],
    });
    const paidUntil = new Date(Date.now() + 5 * 86_400_000);
    await gumroad.cancel(sale.id, { paidUntil: paidUntil.toISOString() });
    await settled(server, 'platform');
    expect(await current(builder.idToken)).toMatchObject({
      plan: 'explorer',
      planSubscriptionStatus: 'cancelled',
    });
    await endPaidPeriods(server.platform, server.services.payments, new Date(paidUntil.getTime() + 1));
    expect(await current(builder.idToken)).toMatchObject({ plan: 'lite', planSubscriptionStatus: 'ended' });
  });

  it('returns to Lite on a refund; a plan an admin granted stays', async () => {
    const builder = await signUpBuilder(server);
    const sale = (await gumroad.makeSale({ productId: 'plan-explorer', email: builder.email })) as Sale;
    await settled(server, 'platform');
    expect(await current(builder.idToken)).toMatchObject({
      plan: 'explorer',
      planSubscriptionStatus: 'alive',
    });
    await gumroad.refund(sale.id);
    await settled(server, 'platform');
    expect(await current(builder.idToken)).toMatchObject({
      plan: 'lite',
      planSubscriptionStatus: 'refunded',
    });
    // Moon is not sold through Gumroad: the refund of a sale that never granted a plan leaves an admin's grant alone
    await server.platform.db.execute(
      sql`update accounts set plan = 'moon' where account_id = ${builder.accountId}`,
    );
    const second = (await gumroad.makeSale({
      productId: 'plan-monetizer',
      email: builder.email,
      ping: false,
    })) as Sale;
    await gumroad.refund(second.id);
    await settled(server, 'platform');
    expect(await current(builder.idToken)).toMatchObject({
      plan: 'moon',
      planSubscriptionStatus: 'refunded',
    });
  });

  it('sees the purchase links of the cards, and the manage link of its own subscription', async () => {
    const anonymous = (await paidPlans()) as { id: string; link?: string; subscriptionLink?: string }[];
    const explorer = anonymous.find((p) => p.id === 'explorer')!;
    expect(explorer.link).toBe(`${gumroad.url}/l/plan-explorer`);
    expect(explorer.subscriptionLink).toBeUndefined();
    expect(anonymous.find((p) => p.id === 'lite')!.link).toBeUndefined();

    const builder = await signUpBuilder(server);
    const sale = (await gumroad.makeSale({ productId: 'plan-explorer', email: builder.email })) as Sale;
    await settled(server, 'platform');
    const cards = (await paidPlans(builder.idToken)) as {
      id: string;
      link?: string;
      subscriptionLink?: string;
    }[];
    expect(cards.find((p) => p.id === 'explorer')).toMatchObject({
      link: `${gumroad.url}/l/plan-explorer`,
      subscriptionLink: `${gumroad.url}/subscriptions/${encodeURIComponent(sale.subscription_id!)}/manage`,
    });
    expect(cards.find((p) => p.id === 'monetizer')!.subscriptionLink).toBeUndefined();
  });

  it('keeps the configured links when no Gumroad token is configured', async () => {
    const bare = await startTestServer({ GUMROAD_API_URL: gumroad.url, PLANS_FILE });
    try {
      const cards = (await json(await bare.request('/api/live_api/app/paidPlans'))) as {
        id: string;
        link?: string;
      }[];
      expect(cards.find((p) => p.id === 'explorer')!.link).toBeUndefined();
    } finally {
      await bare.close();
    }
  });
});

describe('POST /api/live_api/account/create with a sale id', () => {
  it('answers 401 until the sale is verified at Gumroad, then links it to the new end user', async () => {
    const builder = await builderWithApp(server);
    const seller = newSeller(gumroad);
    await expectOk(connect(server, builder.token, builder.appId, seller));
    const idToken = await signUpEndUser(server, builder.appId, 'buyer@example.com');
    const create = (saleId: string, inBody = false) =>
      server.request(
        `/api/live_api/account/create?appId=${builder.appId}${inBody ? '' : `&saleId=${saleId}`}`,
        {
          method: 'POST',
          token: idToken,
          json: inBody ? { saleId } : {},
        },
      );
    await expectError(
      await create('not-a-sale'),
      401,
      'payments/sale-not-verified',
      'This payment could not be confirmed yet',
    );
    expect((await server.request('/api/live_api/account/current', { token: idToken })).status).toBe(404);

    // bought with another address, pings not delivered yet: the server looks the sale up itself
    const sale = (await gumroad.makeSale({
      productId: seller.productId,
      email: 'paypal@example.com',
      ping: false,
    })) as Sale;
    const created = await create(sale.id, true);
    expect(created.status).toBe(200);
    expect(await json(created)).toHaveProperty('accountId');
    expect(await current(idToken)).toMatchObject({
      planSubscriptionStatus: 'alive',
      subscriptionPaymentsIds: [sale.id],
    });
    expect(await saleRow(server, builder.appId, sale.id)).toMatchObject({
      state: 'alive',
      email: 'paypal@example.com',
    });

    // the same sale cannot be claimed by someone else
    const other = await signUpEndUser(server, builder.appId, 'other@example.com');
    const stolen = await server.request(`/api/live_api/account/create?saleId=${sale.id}`, {
      method: 'POST',
      token: other,
    });
    await expectError(stolen, 401, 'payments/sale-not-verified', 'This payment could not be confirmed yet');

    // a refunded sale does not verify
    const refunded = (await gumroad.makeSale({
      productId: seller.productId,
      email: 'late@example.com',
      ping: false,
    })) as Sale;
    await gumroad.refund(refunded.id, { ping: false });
    const late = await signUpEndUser(server, builder.appId, 'late@example.com');
    expect(
      (
        await server.request(`/api/live_api/account/create?saleId=${refunded.id}`, {
          method: 'POST',
          token: late,
        })
      ).status,
    ).toBe(401);
  });

  it('counts a purchase made with the same email before the account existed, from the first sign-in', async () => {
    const builder = await builderWithApp(server);
    const seller = newSeller(gumroad);
    await expectOk(connect(server, builder.token, builder.appId, seller));
    const sale = (await gumroad.makeSale({
      productId: seller.productId,
      email: 'early@example.com',
    })) as Sale;
    await settled(server, builder.appId);
    const idToken = await signUpEndUser(server, builder.appId, 'early@example.com');
    await expectOk(
      server.request(`/api/live_api/account/create?appId=${builder.appId}`, {
        method: 'POST',
        token: idToken,
      }),
    );
    expect(await current(idToken)).toMatchObject({
      planSubscriptionStatus: 'alive',
      subscriptionPaymentsIds: [sale.id],
    });
  });

  it('works for a builder buying a plan (the operator token)', async () => {
    const res = await server.request('/api/live_api/auth/signUp', {
      method: 'POST',
      json: { email: 'newbuilder@example.com', password: 'a long passphrase', tenantId: 'platform' },
    });
    const { idToken } = await json(res);
    const sale = (await gumroad.makeSale({
      productId: 'plan-explorer',
      email: 'newbuilder@example.com',
      ping: false,
    })) as Sale;
    const created = await server.request(`/api/live_api/account/create?saleId=${sale.id}`, {
      method: 'POST',
      token: idToken,
    });
    expect(created.status).toBe(200);
    expect(await current(idToken)).toMatchObject({
      plan: 'explorer',
      planSubscriptionStatus: 'alive',
      subscriptionPaymentsIds: [sale.id],
    });
  });
});
