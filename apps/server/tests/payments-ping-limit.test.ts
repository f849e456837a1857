// Gumroad's pings are not signed and each stored one is looked up at Gumroad with the seller's token: one client
// address may post PAYMENT_PING_RATE_LIMIT_PER_MINUTE pings a minute to one app (or to the operator's products).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGumroad, TestServer } from '@buildai/testkit';
import { expectError } from './helpers';
import { builderWithApp, pings, startGumroad, startPaymentsServer } from './payments-helpers';

let gumroad: FakeGumroad;
let server: TestServer;

beforeAll(async () => {
  gumroad = await startGumroad();
  server = await startPaymentsServer(gumroad, {
    PAYMENT_PING_RATE_LIMIT_PER_MINUTE: '3',
    TRUST_PROXY: 'true',
  });
});
afterAll(async () => {
  await server?.close();
  await gumroad?.close();
});

const ping = (path: string, from: string, saleId: string) =>
  server.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': from },
    body: `sale_id=${saleId}`,
  });

describe('Gumroad pings from one address', () => {
  it('are refused past the limit with Retry-After, storing nothing; another address and another app go on', async () => {
    const { appId } = await builderWithApp(server);
    const other = await builderWithApp(server);
    const path = `/api/payments/gumroad/ping/${appId}`;
    for (const sale of ['s1', 's2', 's3']) expect((await ping(path, '203.0.113.7', sale)).status).toBe(200);

    const refused = await ping(path, '203.0.113.7', 's4');
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await expectError(refused, 429, 'payments/too-many-pings', 'Too many payment pings, try again later');
    expect((await pings(server, appId)).map((p) => p.saleId).sort()).toEqual(['s1', 's2', 's3']);

    // Gumroad's own address, and the same address posting for another app, are counted apart
    expect((await ping(path, '198.51.100.20', 's5')).status).toBe(200);
    expect((await ping(`/api/payments/gumroad/ping/${other.appId}`, '203.0.113.7', 's6')).status).toBe(200);
    expect((await pings(server, appId)).map((p) => p.saleId).sort()).toEqual(['s1', 's2', 's3', 's5']);
  });

  it("to the operator's products are limited the same way", async () => {
    const path = '/api/payments/gumroad/ping';
    for (const sale of ['o1', 'o2', 'o3']) expect((await ping(path, '203.0.113.9', sale)).status).toBe(200);
    expect((await ping(path, '203.0.113.9', 'o4')).status).toBe(429);
  });
});
