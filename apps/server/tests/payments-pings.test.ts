// Gumroad's pings for an app's product (issue "End users and money"): stored first, verified by a lookup at
// Gumroad, processed once; duplicates, pings out of order, unknown sales, refunds, cancellations and ends.
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { FakeGumroad, TestServer } from '@buildai/testkit';
import { paymentSales } from '../src/db/schema';
import {
  endPaidPeriods,
  PING_ATTEMPTS,
  processPing,
  recordSale,
  retryFailedPings,
} from '../src/features/payments';
import { json } from './helpers';
import {
  builderWithApp,
  connect,
  expectOk,
  newSeller,
  pings,
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
beforeEach(() => gumroad.failNext(0));

/** A builder's app connected to a new seller's membership product. */
async function connectedApp() {
  const builder = await builderWithApp(server);
  const seller = newSeller(gumroad);
  await expectOk(connect(server, builder.token, builder.appId, seller));
  return { ...builder, seller };
}

/** An end user of the app with an account (signed up and created). */
async function endUser(appId: string, email: string) {
  const idToken = await signUpEndUser(server, appId, email);
  await expectOk(server.request('/api/live_api/account/create', { method: 'POST', token: idToken }));
  return idToken;
}

type Sale = { id: string; subscription_id: string | null };

describe('a sale ping', () => {
  it('is stored, looked up at Gumroad and makes the buyer a member', async () => {
    const { appId, seller } = await connectedApp();
    const userToken = await endUser(appId, 'ann@example.com');
    const sale = (await gumroad.makeSale({ productId: seller.productId, email: 'Ann@Example.com' })) as Sale;
    const [ping] = await settled(server, appId, 1);
    expect(ping).toMatchObject({ resourceName: 'sale', saleId: sale.id, status: 'done', attempts: 1 });
    expect(gumroad.pings.at(-1)!.deliveries).toEqual([expect.objectContaining({ status: 200 })]);
    expect(await saleRow(server, appId, sale.id)).toMatchObject({
      productId: seller.productId,
      email: 'ann@example.com',
      subscriptionId: sale.subscription_id,
      state: 'alive',
      paidUntil: null,
    });
    // the lookup, with the seller's token
    const lookups = gumroad.requests.filter((r) => r.path.startsWith('/v2/sales/'));
    expect(lookups.at(-1)!.headers.authorization).toBe(`Bearer ${seller.token}`);
    const account = await json(await server.request('/api/live_api/account/current', { token: userToken }));
    expect(account).toMatchObject({
      planSubscriptionStatus: 'alive',
      subscriptionPaymentsIds: [sale.id],
      subscriptionId: sale.subscription_id,
    });
  });

  it('twice is stored once, answered alike, and changes nothing more', async () => {
    const { appId, seller } = await connectedApp();
    await gumroad.makeSale({ productId: seller.productId, email: 'dup@example.com' });
    await settled(server, appId, 1);
    const before = await server.platform.db.select().from(paymentSales).where(eq(paymentSales.scope, appId));
    const again = await gumroad.sendPing(gumroad.pings.at(-1)!.id);
    expect(again.deliveries.map((d) => d.status)).toEqual([200, 200]);
    const rows = await settled(server, appId, 1);
    expect(rows[0]!.status).toBe('done');
    const after = await server.platform.db.select().from(paymentSales).where(eq(paymentSales.scope, appId));
    expect(after).toEqual(before);
  });

  it('for a sale Gumroad does not know is ignored and changes nothing', async () => {
    const { appId, seller } = await connectedApp();
    const forged = await server.request(`/api/payments/gumroad/ping/${appId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        sale_id: 'forged-sale',
        product_id: seller.productId,
        email: 'thief@example.com',
        resource_name: 'sale',
      }).toString(),
    });
    expect(forged.status).toBe(200);
    const [ping] = await settled(server, appId, 1);
    expect(ping).toMatchObject({
      status: 'ignored',
      error: 'Gumroad does not know this sale for this seller',
    });
    expect(await saleRow(server, appId, 'forged-sale')).toBeNull();
  });

  it("of another seller's product posted to this app's URL is ignored", async () => {
    const a = await connectedApp();
    const b = await connectedApp();
    const sale = (await gumroad.makeSale({
      productId: b.seller.productId,
      email: 'b@example.com',
      ping: false,
    })) as Sale;
    const body = gumroad.pings.at(-1)!.body;
    const res = await server.request(`/api/payments/gumroad/ping/${a.appId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body).toString(),
    });
    expect(res.status).toBe(200);
    expect((await settled(server, a.appId, 1))[0]!.status).toBe('ignored');
    expect(await saleRow(server, a.appId, sale.id)).toBeNull();
    // the same seller's other product is not the app's either
    const other = gumroad.addProduct({ token: a.seller.token, name: 'Cookbook', price: 1500 });
    await gumroad.makeSale({ productId: other.id as string, email: 'c@example.com' });
    const rows = await settled(server, a.appId, 2);
    expect(rows[1]).toMatchObject({ status: 'ignored', error: 'The sale is of another product' });
  });

  it('for an unknown app is refused, a ping that names nothing is refused, and text is cleaned', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const unknown = await server.request('/api/payments/gumroad/ping/noSuchApp123', {
      method: 'POST',
      headers: form,
      body: 'sale_id=x',
    });
    expect(unknown.status).toBe(404);
    const { appId } = await connectedApp();
    const nul = await server.request(`/api/payments/gumroad/ping/${appId}`, {
      method: 'POST',
      headers: form,
      body: 'sale_id=a%00b&resource_name=sale&__proto__=x',
    });
    expect(nul.status).toBe(200);
    expect((await pings(server, appId)).map((p) => [p.saleId, p.body])).toEqual([
      ['ab', { sale_id: 'ab', resource_name: 'sale' }],
    ]);
    const json = await server.request(`/api/payments/gumroad/ping/${appId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    });
    expect(json.status).toBe(400);
    const empty = await server.request(`/api/payments/gumroad/ping/${appId}`, {
      method: 'POST',
      headers: form,
      body: 'email=a%40b.c',
    });
    expect(empty.status).toBe(400);
    expect(await pings(server, appId)).toHaveLength(1);
  });
});

describe('refunds, cancellations and ends', () => {
  it('a refund ends the membership', async () => {
    const { appId, seller } = await connectedApp();
    const userToken = await endUser(appId, 'ref@example.com');
    const sale = (await gumroad.makeSale({ productId: seller.productId, email: 'ref@example.com' })) as Sale;
    await gumroad.refund(sale.id);
    await settled(server, appId, 2);
    expect((await saleRow(server, appId, sale.id))!.state).toBe('refunded');
    const account = await json(await server.request('/api/live_api/account/current', { token: userToken }));
    expect(account).toMatchObject({ planSubscriptionStatus: 'refunded', subscriptionPaymentsIds: [sale.id] });
  });

  it('pings out of order (the refund first) end in the state Gumroad holds', async () => {
    const { appId, seller } = await connectedApp();
    const sale = (await gumroad.makeSale({
      productId: seller.productId,
      email: 'ooo@example.com',
      ping: false,
    })) as Sale;
    await gumroad.refund(sale.id, { ping: false });
    const [salePing, refundPing] = gumroad.pings.slice(-2);
    await gumroad.sendPing(refundPing!.id);
    await settled(server, appId, 1);
    await gumroad.sendPing(salePing!.id);
    const rows = await settled(server, appId, 2);
    expect(rows.map((p) => [p.resourceName, p.status])).toEqual([
      ['refund', 'done'],
      ['sale', 'done'],
    ]);
    expect((await saleRow(server, appId, sale.id))!.state).toBe('refunded');
  });

  it('a cancellation keeps the member until the paid period ends; the end of the subscription ends it', async () => {
    const { appId, seller } = await connectedApp();
    const userToken = await endUser(appId, 'can@example.com');
    const sale = (await gumroad.makeSale({ productId: seller.productId, email: 'can@example.com' })) as Sale;
    const paidUntil = new Date(Date.now() + 10 * 86_400_000);
    await gumroad.cancel(sale.id, { paidUntil: paidUntil.toISOString() });
    const rows = await settled(server, appId, 2);
    expect(rows[1]).toMatchObject({
      resourceName: 'cancellation',
      subscriptionId: sale.subscription_id,
      status: 'done',
    });
    expect(await saleRow(server, appId, sale.id)).toMatchObject({ state: 'cancelled', paidUntil });
    const current = () => server.request('/api/live_api/account/current', { token: userToken }).then(json);
    expect(await current()).toMatchObject({ planSubscriptionStatus: 'cancelled' });
    expect((await current()).planSubscriptionCancelledAt).not.toBeNull();
    // the round that ends paid periods: not yet, then after the period
    await endPaidPeriods(server.platform, server.services.payments);
    expect(await current()).toMatchObject({ planSubscriptionStatus: 'cancelled' });
    await endPaidPeriods(server.platform, server.services.payments, new Date(paidUntil.getTime() + 1000));
    expect(await current()).toMatchObject({ planSubscriptionStatus: 'ended' });
    // Gumroad's own end of the subscription
    await gumroad.endSubscription(sale.id);
    await settled(server, appId, 3);
    expect((await saleRow(server, appId, sale.id))!.state).toBe('ended');
    expect(await current()).toMatchObject({ planSubscriptionStatus: 'ended' });
  });
});

describe('pings of one sale processed side by side', () => {
  it('an answer read before the one written is not written over it', async () => {
    const { appId, seller } = await connectedApp();
    const before = new Date();
    const sale = (await gumroad.makeSale({
      productId: seller.productId,
      email: 'race@example.com',
      ping: false,
    })) as {
      id: string;
      email: string;
      product_id: string;
    };
    await gumroad.refund(sale.id);
    await settled(server, appId, 1);
    expect((await saleRow(server, appId, sale.id))!.state).toBe('refunded');
    // the sale ping's lookup, started before the refund's, finishing last
    const stale = await recordSale({
      platform: server.platform,
      scope: appId,
      found: { sale: { ...sale, refunded: false }, subscriber: null },
      lookedUpAt: before,
    });
    expect(stale.state).toBe('refunded');
    expect((await saleRow(server, appId, sale.id))!.state).toBe('refunded');
  });
});

describe('failures', () => {
  it('a lookup that fails is tried again', async () => {
    const { appId, seller } = await connectedApp();
    gumroad.failNext(1);
    const sale = (await gumroad.makeSale({
      productId: seller.productId,
      email: 'retry@example.com',
    })) as Sale;
    const [ping] = await settled(server, appId, 1);
    expect(ping).toMatchObject({ status: 'done', attempts: 2 });
    expect((await saleRow(server, appId, sale.id))!.state).toBe('alive');
  });

  it('the last try that fails marks the ping failed and changes nothing', async () => {
    const { appId, seller } = await connectedApp();
    gumroad.failNext(1000);
    const sale = (await gumroad.makeSale({ productId: seller.productId, email: 'fail@example.com' })) as Sale;
    const [stored] = await pings(server, appId);
    await processPing({
      platform: server.platform,
      services: server.services.payments,
      pingId: stored!.id,
      ctx: {
        attempt: PING_ATTEMPTS,
        signal: new AbortController().signal,
      },
    });
    const [ping] = await settled(server, appId, 1);
    expect(ping).toMatchObject({ status: 'failed', attempts: PING_ATTEMPTS, error: 'Internal server error' });
    expect(await saleRow(server, appId, sale.id)).toBeNull();
    gumroad.failNext(0);

    // Gumroad back: the next round of the payments schedule tries the failed ping again, and the sale is kept
    expect(await retryFailedPings(server.platform, 'retry-round-1')).toBe(1);
    const [retried] = await settled(server, appId, 1);
    expect(retried).toMatchObject({ status: 'done', error: null });
    expect((await saleRow(server, appId, sale.id))!.state).toBe('alive');
    // a ping that is done is not tried again
    expect(await retryFailedPings(server.platform, 'retry-round-2')).toBe(0);
  });
});

describe('the operator ping route', () => {
  it('looks sales up with GUMROAD_ACCESS_TOKEN and ignores products that buy no plan', async () => {
    const res = await server.request('/api/payments/gumroad/ping', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'sale_id=nothing&resource_name=sale',
    });
    expect(await json(res)).toEqual({ ok: true });
    const rows = await settled(server, 'platform');
    expect(rows.at(-1)).toMatchObject({ saleId: 'nothing', status: 'ignored' });
  });
});
