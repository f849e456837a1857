// Issue 32, findings 24 and 27: Gumroad's ping routes are public and unsigned. A forged ping must not cost the
// seller's Gumroad quota (a lookup) unless it names the product the app is connected to, and the lookups one app's
// pings queue are capped whatever addresses they come from; a body nested too deeply is refused as on every route.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGumroad, TestServer } from '@buildai/testkit';
import { expectError } from './helpers';
import {
  builderWithApp,
  connect,
  expectOk,
  newSeller,
  pings,
  settled,
  startGumroad,
  startPaymentsServer,
} from './payments-helpers';

let gumroad: FakeGumroad;
let server: TestServer;

beforeAll(async () => {
  gumroad = await startGumroad();
  server = await startPaymentsServer(gumroad, {
    TRUST_PROXY: 'true',
    PAYMENT_PING_LOOKUPS_PER_APP_PER_HOUR: '3',
  });
});
afterAll(async () => {
  await server?.close();
  await gumroad?.close();
});

async function connectedApp() {
  const builder = await builderWithApp(server);
  const seller = newSeller(gumroad);
  await expectOk(connect(server, builder.token, builder.appId, seller));
  return { ...builder, seller };
}

const form = (appId: string, fields: Record<string, string>, from = '203.0.113.7') =>
  server.request(`/api/payments/gumroad/ping/${appId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
    body: new URLSearchParams(fields).toString(),
  });
const lookupsBy = (token: string) =>
  gumroad.requests.filter((r) => r.path.startsWith('/v2/') && r.headers.authorization === `Bearer ${token}`)
    .length;

describe('a deeply nested JSON ping (finding 24)', () => {
  it('answers 400 as every other route does, and stores nothing', async () => {
    const { appId } = await connectedApp();
    const deep = `{"sale_id":${'['.repeat(20_000)}${']'.repeat(20_000)}}`;
    for (const path of [`/api/payments/gumroad/ping/${appId}`, '/api/payments/gumroad/ping']) {
      await expectError(
        await server.request(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: deep,
        }),
        400,
        'request/invalid',
        'The request body is nested too deeply',
      );
    }
    expect(await pings(server, appId)).toEqual([]);
  });
});

describe('forged pings (finding 27)', () => {
  it('are checked against the connected product before any lookup at Gumroad', async () => {
    const { appId, seller } = await connectedApp();
    const before = lookupsBy(seller.token);
    expect(
      (await form(appId, { sale_id: 'f1', product_id: 'someone-elses', resource_name: 'sale' })).status,
    ).toBe(200);
    expect((await form(appId, { sale_id: 'f2', resource_name: 'sale' })).status).toBe(200);
    const rows = await settled(server, appId, 2);
    expect(rows.map((r) => [r.saleId, r.status, r.error])).toEqual([
      ['f1', 'ignored', 'The sale is of another product'],
      ['f2', 'ignored', 'The ping names no product'],
    ]);
    expect(lookupsBy(seller.token)).toBe(before);
    // an app with no product connected looks nothing up either
    const unconnected = await builderWithApp(server);
    expect((await form(unconnected.appId, { sale_id: 'f3', product_id: 'x' })).status).toBe(200);
    expect((await settled(server, unconnected.appId, 1))[0]).toMatchObject({
      status: 'ignored',
      error: 'No Gumroad token or product for this scope',
    });
  });

  it('naming the connected product are looked up, at most the cap per app an hour, from any address', async () => {
    const { appId, seller } = await connectedApp();
    const before = lookupsBy(seller.token);
    for (const [i, from] of ['198.51.100.1', '198.51.100.2', '198.51.100.3'].entries())
      expect((await form(appId, { sale_id: `g${i}`, product_id: seller.productId }, from)).status).toBe(200);
    await settled(server, appId, 3);
    expect(lookupsBy(seller.token)).toBe(before + 3);
    const refused = await form(appId, { sale_id: 'g4', product_id: seller.productId }, '198.51.100.4');
    await expectError(refused, 429, 'payments/too-many-pings', 'Too many payment pings, try again later');
    expect(await pings(server, appId)).toHaveLength(3);
    // the same ping again (Gumroad's retry) is answered as before and costs nothing
    expect((await form(appId, { sale_id: 'g0', product_id: seller.productId }, '198.51.100.9')).status).toBe(
      200,
    );
    // pings for other products never use up the cap
    expect((await form(appId, { sale_id: 'h1', product_id: 'other' }, '198.51.100.5')).status).toBe(200);
    // another app has a cap of its own
    const other = await connectedApp();
    expect((await form(other.appId, { sale_id: 'k1', product_id: other.seller.productId })).status).toBe(200);
  });
});
