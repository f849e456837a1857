// The fake Gumroad's wire: Gumroad's API v2 shapes and errors, resource subscriptions, the checkout that pings and
// redirects with `sale_id`, and the control API an e2e suite scripts it with.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGumroad, startFakeGumroad } from './fake-gumroad';
import { fakeGumroadControl } from './fake-gumroad-control';
import { closeServer, listen, readBody } from './http-helpers';

let gumroad: FakeGumroad;
let receiver: ReturnType<typeof createServer>;
let receiverUrl: string;
const received: { path: string; type: string; body: URLSearchParams }[] = [];

beforeAll(async () => {
  gumroad = await startFakeGumroad({
    sellerToken: 'operator-token',
    sellerProducts: [{ id: 'op-explorer', name: 'Explorer', price: 1900, membership: true }],
  });
  receiver = createServer((req: IncomingMessage, res) => {
    void readBody(req).then((text) => {
      received.push({
        path: req.url ?? '',
        type: req.headers['content-type'] ?? '',
        body: new URLSearchParams(text),
      });
      res.writeHead(200).end();
    });
  });
  receiverUrl = `http://127.0.0.1:${await listen(receiver)}`;
});
beforeEach(() => {
  gumroad.reset();
  received.length = 0;
});
afterAll(async () => {
  await gumroad.close();
  await closeServer(receiver);
});

const api = (path: string, init: RequestInit & { token?: string } = {}) => {
  const url = new URL(`${gumroad.url}${path}`);
  if (init.token) url.searchParams.set('access_token', init.token);
  return fetch(url, init);
};

async function seller() {
  const { token, sellerId } = gumroad.createSeller();
  const product = gumroad.addProduct({ token, name: 'Pro', price: 900, yearlyPrice: 9000, membership: true });
  return { token, sellerId, productId: product.id as string };
}

async function subscribe(token: string, resourceName: string, path = `/ping/${resourceName}`) {
  const response = await fetch(`${gumroad.url}/v2/resource_subscriptions`, {
    method: 'PUT',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      access_token: token,
      resource_name: resourceName,
      post_url: `${receiverUrl}${path}`,
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { resource_subscription: { id: string } }).resource_subscription.id;
}

describe('the API', () => {
  it('refuses a bad or missing token with 401 and success false', async () => {
    for (const token of ['nope', undefined]) {
      const response = await api('/v2/products', { token });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ success: false, message: 'The access token is invalid' });
    }
  });

  it('lists the seller products (token as a parameter or as Bearer), in Gumroad shape', async () => {
    const { token, productId } = await seller();
    const byParam = (await (await api('/v2/products', { token })).json()) as { products: unknown[] };
    const byBearer = await fetch(`${gumroad.url}/v2/products`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(byParam).toEqual(await byBearer.json());
    expect(byParam.products).toEqual([
      expect.objectContaining({
        id: productId,
        name: 'Pro',
        price: 900,
        currency: 'usd',
        short_url: `${gumroad.url}/l/${encodeURIComponent(productId)}`,
        is_tiered_membership: true,
        recurrences: ['monthly', 'yearly'],
      }),
    ]);
    // the operator's seeded product is not this seller's
    const operator = (await (await api('/v2/products', { token: 'operator-token' })).json()) as {
      products: { id: string }[];
    };
    expect(operator.products.map((p) => p.id)).toEqual(['op-explorer']);
    const other = await api(`/v2/products/${encodeURIComponent(productId)}`, { token: 'operator-token' });
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ success: false, message: 'The product was not found.' });
  });

  it('registers, lists and deletes resource subscriptions', async () => {
    const { token } = await seller();
    const id = await subscribe(token, 'sale');
    const list = await api('/v2/resource_subscriptions?resource_name=sale', { token });
    expect(await list.json()).toEqual({
      success: true,
      resource_subscriptions: [{ id, resource_name: 'sale', post_url: `${receiverUrl}/ping/sale` }],
    });
    const deleted = await api(`/v2/resource_subscriptions/${encodeURIComponent(id)}`, {
      token,
      method: 'DELETE',
    });
    expect(await deleted.json()).toMatchObject({ success: true });
    expect(gumroad.resourceSubscriptions).toEqual([]);
  });

  it('answers 500 for the calls told to fail, then works again', async () => {
    const { token } = await seller();
    gumroad.failNext(1);
    expect((await api('/v2/products', { token })).status).toBe(500);
    expect((await api('/v2/products', { token })).status).toBe(200);
  });
});

describe('sales and pings', () => {
  it('the checkout makes a sale, pings form-encoded and redirects with sale_id', async () => {
    const { token, productId } = await seller();
    await subscribe(token, 'sale');
    gumroad.setRedirectUrl(productId, 'http://127.0.0.1:1/app?x=1');
    const page = await fetch(`${gumroad.url}/l/${encodeURIComponent(productId)}`);
    expect(await page.text()).toContain('<button type="submit">Pay</button>');
    const paid = await fetch(`${gumroad.url}/l/${encodeURIComponent(productId)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'email=buyer%40example.com&recurrence=yearly',
      redirect: 'manual',
    });
    expect(paid.status).toBe(303);
    const location = new URL(paid.headers.get('location')!);
    const saleId = location.searchParams.get('sale_id')!;
    expect(location.searchParams.get('x')).toBe('1');
    expect(received).toHaveLength(1);
    expect(received[0]!.type).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(received[0]!.body)).toMatchObject({
      sale_id: saleId,
      product_id: productId,
      email: 'buyer@example.com',
      resource_name: 'sale',
      refunded: 'false',
      recurrence: 'yearly',
      price: '9000',
    });
    const sale = (await (await api(`/v2/sales/${encodeURIComponent(saleId)}`, { token })).json()) as {
      sale: Record<string, unknown>;
    };
    expect(sale.sale).toMatchObject({
      id: saleId,
      email: 'buyer@example.com',
      product_id: productId,
      refunded: false,
    });
    // another seller cannot read it
    const foreign = await api(`/v2/sales/${encodeURIComponent(saleId)}`, { token: 'operator-token' });
    expect(foreign.status).toBe(404);
  });

  it('refund, cancellation and end of a subscription ping their resources and show in the lookups', async () => {
    const { token, productId } = await seller();
    for (const r of ['refund', 'cancellation', 'subscription_ended']) await subscribe(token, r);
    const sale = (await gumroad.makeSale({ productId, email: 'b@example.com' })) as {
      id: string;
      subscription_id: string;
    };
    const paidUntil = new Date(Date.now() + 86_400_000).toISOString();
    await gumroad.cancel(sale.id, { paidUntil });
    expect(Object.fromEntries(received.at(-1)!.body)).toMatchObject({
      resource_name: 'cancellation',
      subscription_id: sale.subscription_id,
      'purchase_ids[0]': sale.id,
      cancelled_at: paidUntil,
    });
    const pending = await api(`/v2/subscribers/${encodeURIComponent(sale.subscription_id)}`, { token });
    expect(((await pending.json()) as { subscriber: unknown }).subscriber).toMatchObject({
      status: 'pending_cancellation',
      cancelled_at: paidUntil,
      ended_at: null,
    });
    await gumroad.endSubscription(sale.id);
    expect(received.at(-1)!.body.get('resource_name')).toBe('subscription_ended');
    await gumroad.refund(sale.id);
    expect(Object.fromEntries(received.at(-1)!.body)).toMatchObject({
      resource_name: 'refund',
      refunded: 'true',
    });
    const looked = (await (await api(`/v2/sales/${encodeURIComponent(sale.id)}`, { token })).json()) as {
      sale: Record<string, unknown>;
    };
    expect(looked.sale).toMatchObject({ refunded: true, cancelled: true, ended: true });
  });

  it("the buyer's manage page shows the membership and cancels it", async () => {
    const { token, productId } = await seller();
    await subscribe(token, 'cancellation');
    const sale = (await gumroad.makeSale({ productId, email: 'm@example.com' })) as {
      subscription_id: string;
    };
    const url = `${gumroad.url}/subscriptions/${encodeURIComponent(sale.subscription_id)}/manage`;
    expect(await (await fetch(url)).text()).toContain('<p id="status">alive</p>');
    const cancelled = await (await fetch(url, { method: 'POST' })).text();
    expect(cancelled).toContain('<p id="status">pending_cancellation</p>');
    expect(received.map((r) => r.body.get('resource_name'))).toEqual(['cancellation']);
  });

  it('keeps pings when told to and sends them later, in any order', async () => {
    const { token, productId } = await seller();
    await subscribe(token, 'sale');
    await subscribe(token, 'refund');
    const sale = (await gumroad.makeSale({ productId, email: 'c@example.com', ping: false })) as {
      id: string;
    };
    await gumroad.refund(sale.id, { ping: false });
    expect(received).toEqual([]);
    const [salePing, refundPing] = gumroad.pings;
    await gumroad.sendPing(refundPing!.id);
    await gumroad.sendPing(salePing!.id);
    expect(received.map((r) => r.body.get('resource_name'))).toEqual(['refund', 'sale']);
    expect(salePing!.deliveries).toEqual([expect.objectContaining({ status: 200 })]);
  });
});

describe('the control API', () => {
  it('scripts a seller, a product, a sale and reads the calls', async () => {
    const control = fakeGumroadControl(gumroad.url);
    const { token } = await control.createSeller();
    const product = await control.addProduct({ token, name: 'Course', price: 2500 });
    expect(product).toMatchObject({ name: 'Course', is_tiered_membership: false, recurrences: null });
    const sale = await control.makeSale({ productId: product.id, email: 'd@example.com' });
    expect(sale).toMatchObject({ product_id: product.id, subscription_id: null, refunded: false });
    expect((await control.refund(sale.id)).refunded).toBe(true);
    await fetch(`${gumroad.url}/v2/products?access_token=${token}`);
    expect((await control.requests()).map((r) => r.path)).toEqual([`/v2/products?access_token=${token}`]);
    await expect(control.cancel(sale.id)).rejects.toThrow(/is not a membership/);
  });
});

describe('the CLI', () => {
  it("prints its URL and serves the seeded seller's products", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fake-gumroad-'));
    const products = path.join(dir, 'products.json');
    writeFileSync(
      products,
      JSON.stringify([{ id: 'cli-plan', name: 'Plan', price: 1900, membership: true }]),
    );
    const cli = fileURLToPath(new URL('./fake-gumroad-cli.ts', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', cli, '--seller-token', 'cli-token', '--seller-products', products],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const { url } = JSON.parse(line) as { url: string };
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const answer = await fetch(`${url}/v2/products`, { headers: { authorization: 'Bearer cli-token' } });
      expect(((await answer.json()) as { products: { id: string }[] }).products.map((p) => p.id)).toEqual([
        'cli-plan',
      ]);
      // a reset keeps the seeded seller and products
      await fakeGumroadControl(url).reset();
      expect((await fetch(`${url}/v2/products?access_token=cli-token`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
