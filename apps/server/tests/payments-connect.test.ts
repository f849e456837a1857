// Paid memberships, the builder's side (spec 001 §3, §4, §7): the products of a Gumroad token, the token stored
// sealed and never answered, connect registering the resource subscriptions, and a product change.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { signUpBuilder, type FakeGumroad, type TestServer } from '@buildai/testkit';
import { paymentConnections } from '../src/db/schema';
import { expectError, json } from './helpers';
import { builderWithApp, connect, newSeller, saveSettings, usePaymentsServer } from './payments-helpers';

let gumroad: FakeGumroad;
let server: TestServer;

usePaymentsServer((g, s) => {
  gumroad = g;
  server = s;
});
beforeEach(() => gumroad.failNext(0));

const products = (appId: string, token: string, accessToken?: string) =>
  server.request(
    `/api/apps/${appId}/payments/products?appId=${appId}${accessToken ? `&accessToken=${encodeURIComponent(accessToken)}` : ''}`,
    { token },
  );

describe('GET /api/apps/{appId}/payments/products', () => {
  it("lists the seller's products for the token typed, and for the stored one", async () => {
    const { token, appId } = await builderWithApp(server);
    const seller = newSeller(gumroad);
    const answer = await json(await products(appId, token, seller.token));
    expect(answer).toEqual({
      products: [
        {
          id: seller.productId,
          name: 'Recipe club',
          url: `${gumroad.url}/l/${encodeURIComponent(seller.productId)}`,
          priceCents: 900,
          yearlyPriceCents: 9000,
          isSubscription: true,
          currency: 'usd',
        },
      ],
    });
    await expectError(
      await products(appId, token),
      400,
      'payments/no-access-token',
      'Enter your Gumroad access token first',
      'accessToken',
    );
    await saveSettings(server, token, appId, { gumroadAccessToken: seller.token });
    expect(await json(await products(appId, token))).toEqual(answer);
    // the token went to Gumroad in a header, never in the address
    const last = gumroad.requests.at(-1)!;
    expect(last).toMatchObject({ method: 'GET', path: '/v2/products' });
    expect(last.headers.authorization).toBe(`Bearer ${seller.token}`);
  });

  it("answers 'Failed to fetch Gumroad products' for a bad token (400) or a Gumroad failure (502)", async () => {
    const { token, appId } = await builderWithApp(server);
    await expectError(
      await products(appId, token, 'not-a-token'),
      400,
      'payments/token-refused',
      'Failed to fetch Gumroad products',
      'accessToken',
    );
    const seller = newSeller(gumroad);
    gumroad.failNext(1);
    await expectError(
      await products(appId, token, seller.token),
      502,
      'payments/products-failed',
      'Failed to fetch Gumroad products',
    );
  });

  it("is the app owner's alone", async () => {
    const { appId } = await builderWithApp(server);
    const other = await signUpBuilder(server);
    const seller = newSeller(gumroad);
    expect((await products(appId, other.idToken, seller.token)).status).toBe(404);
    expect((await server.request(`/api/apps/${appId}/payments/products?accessToken=x`)).status).toBe(401);
  });
});

describe('the access token', () => {
  it('is stored sealed, never answered, and the server owns the connection fields', async () => {
    const { token, appId } = await builderWithApp(server);
    const seller = newSeller(gumroad);
    const saved = await json(
      await saveSettings(server, token, appId, {
        gumroadAccessToken: seller.token,
        paidMembershipsProduct: { id: 'forged', name: 'Forged' },
        paidMembershipsSettings: {
          paymentProvider: 'gumroad',
          hasPaymentProviderAccessToken: false,
          isSetupCompleted: true,
        },
      }),
    );
    expect(saved.appSettings).not.toHaveProperty('gumroadAccessToken');
    expect(saved.appSettings).toMatchObject({
      paidMembershipsProduct: null,
      paidMembershipsSettings: {
        paymentProvider: 'gumroad',
        hasPaymentProviderAccessToken: true,
        isSetupCompleted: false,
      },
    });
    const [row] = await server.platform.db
      .select()
      .from(paymentConnections)
      .where(eq(paymentConnections.appId, appId));
    expect(row!.accessTokenEncrypted).toBeTruthy();
    expect(row!.accessTokenEncrypted).not.toContain(seller.token);
    expect(Buffer.from(row!.accessTokenEncrypted!, 'base64').toString('latin1')).not.toContain(seller.token);
    // no GET of the builder's or the public side carries it
    for (const path of [`/api/apps/${appId}`, `/api/apps`, `/api/apps/${appId}/payments/products`]) {
      const text = await (await server.request(path, { token })).text();
      expect(text, path).not.toContain(seller.token);
    }
    // a later save without the token keeps it (the panel sends the field empty)
    const again = await json(
      await saveSettings(server, token, appId, { gumroadAccessToken: '', supportEmail: 'x@example.com' }),
    );
    expect(again.appSettings.paidMembershipsSettings.hasPaymentProviderAccessToken).toBe(true);
    expect((await products(appId, token)).status).toBe(200);
  });
});

describe('POST /api/apps/{appId}/payments/connect', () => {
  it('registers the four resource subscriptions at the ping URL and completes the setup', async () => {
    const { token, appId } = await builderWithApp(server);
    const seller = newSeller(gumroad);
    const res = await connect(server, token, appId, seller);
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({
      paidMembershipsProduct: { id: seller.productId, name: 'Recipe club' },
      paidMembershipsSettings: {
        paymentProvider: 'gumroad',
        hasPaymentProviderAccessToken: true,
        isSetupCompleted: true,
      },
    });
    const pingUrl = `${server.url}/api/payments/gumroad/ping/${appId}`;
    const subs = gumroad.resourceSubscriptions.filter((s) => s.sellerId === seller.sellerId);
    expect(subs.map((s) => [s.resource_name, s.post_url]).sort()).toEqual([
      ['cancellation', pingUrl],
      ['refund', pingUrl],
      ['sale', pingUrl],
      ['subscription_ended', pingUrl],
    ]);
    const app = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(app.appSettings).toMatchObject({
      paidMembershipsProduct: { id: seller.productId, name: 'Recipe club' },
      paidMembershipsSettings: { isSetupCompleted: true, hasPaymentProviderAccessToken: true },
    });
  });

  it('replaces the earlier subscriptions when the product changes', async () => {
    const { token, appId } = await builderWithApp(server);
    const seller = newSeller(gumroad);
    expect((await connect(server, token, appId, seller)).status).toBe(200);
    const second = gumroad.addProduct({
      token: seller.token,
      name: 'Recipe club yearly',
      price: 9000,
      membership: true,
    });
    const res = await server.request(`/api/apps/${appId}/payments/connect`, {
      method: 'POST',
      token,
      json: { productId: second.id },
    });
    expect((await json(res)).paidMembershipsProduct).toEqual({ id: second.id, name: 'Recipe club yearly' });
    const subs = gumroad.resourceSubscriptions.filter((s) => s.sellerId === seller.sellerId);
    expect(subs).toHaveLength(4);
  });

  it("refuses without sign-up, without a token, for an unknown product, and answers Gumroad's failure", async () => {
    const { token, appId } = await builderWithApp(server);
    const seller = newSeller(gumroad);
    const call = (productId: string) =>
      server.request(`/api/apps/${appId}/payments/connect`, { method: 'POST', token, json: { productId } });
    await expectError(
      await call(seller.productId),
      400,
      'payments/no-access-token',
      'Enter your Gumroad access token first',
    );
    await saveSettings(server, token, appId, { gumroadAccessToken: seller.token });
    await expectError(
      await call('missing'),
      400,
      'payments/product-not-found',
      'This product was not found in your Gumroad account',
      'productId',
    );
    gumroad.failNext(1);
    await expectError(
      await call(seller.productId),
      502,
      'payments/connect-failed',
      'Failed to connect to Gumroad',
    );
    await saveSettings(server, token, appId, { isSignupEnabled: false });
    await expectError(
      await call(seller.productId),
      400,
      'payments/signup-required',
      'Turn on user signup before paid memberships',
    );
    const app = await json(await server.request(`/api/apps/${appId}`, { token }));
    expect(app.appSettings.paidMembershipsSettings.isSetupCompleted).toBe(false);
    expect(gumroad.resourceSubscriptions.filter((s) => s.sellerId === seller.sellerId)).toEqual([]);
  });

  it("is the app owner's alone", async () => {
    const { token, appId } = await builderWithApp(server);
    const seller = newSeller(gumroad);
    await saveSettings(server, token, appId, { gumroadAccessToken: seller.token });
    const other = await signUpBuilder(server);
    const res = await server.request(`/api/apps/${appId}/payments/connect`, {
      method: 'POST',
      token: other.idToken,
      json: { productId: seller.productId },
    });
    expect(res.status).toBe(404);
    expect(gumroad.resourceSubscriptions.filter((s) => s.sellerId === seller.sellerId)).toEqual([]);
  });
});
