// Gumroad over real HTTP, the part the product uses (https://gumroad.com/api, v2): `GET /v2/products`,
// `GET /v2/products/:id`, `GET /v2/sales/:id`, `GET /v2/subscribers/:id`, `PUT|GET /v2/resource_subscriptions`
// and `DELETE /v2/resource_subscriptions/:id`, the token as `access_token` (query or form) or `Authorization: Bearer`.
// A checkout page (`GET /l/:productId`, email + "Pay") makes a sale, pings (form-encoded POSTs) every resource
// subscription of the seller for it, and redirects to the product's redirect URL with `?sale_id=`.
// Tests script it in process, or from another process through `/__fake/*` (see fake-gumroad-control.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { checkoutPage, managePage, notFoundPage, receiptPage } from './fake-gumroad-page';
import {
  FAKE_GUMROAD_RESOURCES,
  FakeGumroadStore,
  gumroadId,
  type FakeGumroadPing,
  type FakeGumroadProduct,
  type FakeGumroadProductInput,
  type FakeGumroadResourceSubscription,
  type FakeGumroadSale,
} from './fake-gumroad-store';
import { closeServer, flatHeaders, listen, readBody, sendJson } from './http-helpers';

export * from './fake-gumroad-store';

export interface FakeGumroadRecord {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** What a scripted event does with its pings: deliver them now (default), or keep them to send later. */
export interface FakeGumroadPingOption {
  ping?: boolean;
}

export interface FakeGumroad {
  readonly url: string;
  /** API calls received (`/v2/...`), oldest first */
  readonly requests: readonly FakeGumroadRecord[];
  readonly pings: readonly FakeGumroadPing[];
  readonly resourceSubscriptions: readonly FakeGumroadResourceSubscription[];
  createSeller(input?: { email?: string; name?: string; token?: string }): {
    sellerId: string;
    token: string;
  };
  addToken(sellerId: string, token?: string): string;
  revokeToken(token: string): void;
  addProduct(input: FakeGumroadProductInput): Record<string, unknown>;
  setRedirectUrl(productId: string, url: string | null): void;
  makeSale(
    input: { productId: string; email: string; recurrence?: string } & FakeGumroadPingOption,
  ): Promise<Record<string, unknown>>;
  refund(saleId: string, opts?: FakeGumroadPingOption): Promise<Record<string, unknown>>;
  cancel(
    saleId: string,
    opts?: { paidUntil?: string } & FakeGumroadPingOption,
  ): Promise<Record<string, unknown>>;
  endSubscription(saleId: string, opts?: FakeGumroadPingOption): Promise<Record<string, unknown>>;
  /** Delivers (again) a stored ping to the seller's current subscriptions for its resource. */
  sendPing(pingId: string): Promise<FakeGumroadPing>;
  /** The next `count` API calls answer 500, as Gumroad does on a bad day. */
  failNext(count: number): void;
  reset(): void;
  close(): Promise<void>;
}

const INVALID_TOKEN = 'The access token is invalid';

export async function startFakeGumroad(
  opts: {
    port?: number;
    /** seeds a seller (the operator) with this access token, again after each reset */
    sellerToken?: string;
    /** products of that seller, seeded with it */
    sellerProducts?: Omit<FakeGumroadProductInput, 'token' | 'sellerId'>[];
  } = {},
): Promise<FakeGumroad> {
  let baseUrl = '';
  const store = new FakeGumroadStore(() => baseUrl);
  let records: FakeGumroadRecord[] = [];
  let failures = 0;

  function seed(): void {
    if (!opts.sellerToken) return;
    const { sellerId } = store.createSeller({ token: opts.sellerToken, name: 'Operator' });
    for (const product of opts.sellerProducts ?? []) store.addProduct({ ...product, sellerId });
  }
  seed();

  async function deliver(ping: FakeGumroadPing): Promise<FakeGumroadPing> {
    for (const sub of store.subscriptionsFor(ping.sellerId, ping.resourceName)) {
      const at = new Date().toISOString();
      try {
        const response = await fetch(sub.post_url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(ping.body).toString(),
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        ping.deliveries.push({ postUrl: sub.post_url, status: response.status, at });
      } catch (error) {
        ping.deliveries.push({ postUrl: sub.post_url, status: 0, error: String(error), at });
      }
    }
    return ping;
  }

  const maybeDeliver = async (ping: FakeGumroadPing, o: FakeGumroadPingOption = {}) => {
    if (o.ping !== false) await deliver(ping);
  };

  async function makeSale(
    input: { productId: string; email: string; recurrence?: string } & FakeGumroadPingOption,
  ): Promise<Record<string, unknown>> {
    const sale = store.makeSale(input);
    await maybeDeliver(store.salePing('sale', sale), input);
    return store.saleJson(sale);
  }
  async function refund(saleId: string, o: FakeGumroadPingOption = {}) {
    const sale = store.sale(saleId);
    sale.refunded = true;
    await maybeDeliver(store.salePing('refund', sale), o);
    return store.saleJson(sale);
  }
  async function cancel(saleId: string, o: { paidUntil?: string } & FakeGumroadPingOption = {}) {
    const sub = store.cancel(saleId, o.paidUntil);
    await maybeDeliver(store.subscriptionPing('cancellation', sub), o);
    return store.subscriberJson(sub);
  }
  async function endSubscription(saleId: string, o: FakeGumroadPingOption = {}) {
    const sub = store.end(saleId);
    await maybeDeliver(store.subscriptionPing('subscription_ended', sub), o);
    return store.subscriberJson(sub);
  }
  async function sendPing(pingId: string): Promise<FakeGumroadPing> {
    const ping = store.pings.find((p) => p.id === pingId);
    if (!ping) throw new Error(`unknown ping ${pingId}`);
    return deliver(ping);
  }
  function setRedirectUrl(productId: string, url: string | null): void {
    store.product(productId).redirectUrl = url;
  }
  function addToken(sellerId: string, token?: string): string {
    store.sellerOf({ sellerId });
    const value = token ?? gumroadId().replace(/=/g, '');
    store.tokens.set(value, sellerId);
    return value;
  }
  function reset(): void {
    store.reset();
    records = [];
    failures = 0;
    seed();
  }

  // ---- the control API (/__fake/...) -----------------------------------------------------------------------------

  async function control(res: ServerResponse, method: string, path: string, body: Record<string, unknown>) {
    const route = `${method} ${path}`;
    const id = (re: RegExp) => decodeURIComponent(re.exec(path)?.[1] ?? '');
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const pingOpt = { ping: body.ping === false ? false : undefined };
    if (route === 'POST /__fake/sellers') return sendJson(res, 200, store.createSeller(body));
    if (route === 'POST /__fake/tokens')
      return sendJson(res, 200, { token: addToken(String(body.sellerId), str(body.token)) });
    if (route === 'POST /__fake/tokens/revoke')
      return (store.tokens.delete(String(body.token)), sendJson(res, 200, { ok: true }));
    if (route === 'POST /__fake/products')
      return sendJson(
        res,
        200,
        store.productJson(store.addProduct(body as unknown as FakeGumroadProductInput)),
      );
    if (/^POST \/__fake\/products\/[^/]+\/redirect$/.test(route)) {
      setRedirectUrl(id(/^\/__fake\/products\/([^/]+)/), str(body.url) ?? null);
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /__fake/sales') {
      const input = {
        productId: String(body.productId),
        email: String(body.email),
        recurrence: str(body.recurrence),
      };
      return sendJson(res, 200, await makeSale({ ...input, ...pingOpt }));
    }
    const saleAction = /^POST \/__fake\/sales\/([^/]+)\/(refund|cancel|end)$/.exec(route);
    if (saleAction) {
      const saleId = decodeURIComponent(saleAction[1]!);
      if (saleAction[2] === 'refund') return sendJson(res, 200, await refund(saleId, pingOpt));
      if (saleAction[2] === 'cancel')
        return sendJson(res, 200, await cancel(saleId, { ...pingOpt, paidUntil: str(body.paidUntil) }));
      return sendJson(res, 200, await endSubscription(saleId, pingOpt));
    }
    if (/^POST \/__fake\/pings\/[^/]+\/send$/.test(route))
      return sendJson(res, 200, await sendPing(id(/^\/__fake\/pings\/([^/]+)/)));
    if (route === 'GET /__fake/pings') return sendJson(res, 200, store.pings);
    if (route === 'GET /__fake/requests') return sendJson(res, 200, records);
    if (route === 'GET /__fake/resource-subscriptions')
      return sendJson(res, 200, [...store.resourceSubscriptions.values()]);
    if (route === 'POST /__fake/fail-next')
      return ((failures = Number(body.count ?? 1)), sendJson(res, 200, { ok: true }));
    if (route === 'POST /__fake/reset') return (reset(), sendJson(res, 200, { ok: true }));
    sendJson(res, 404, { error: `unknown control route ${route}` });
  }

  // ---- Gumroad's API (/v2/...) -------------------------------------------------------------------------------

  const fail = (res: ServerResponse, status: number, message: string) =>
    sendJson(res, status, { success: false, message });

  function api(res: ServerResponse, method: string, path: string, fields: URLSearchParams, sellerId: string) {
    const one = (re: RegExp) => {
      const m = re.exec(path);
      return m ? decodeURIComponent(m[1]!) : undefined;
    };
    if (method === 'GET' && path === '/v2/products') {
      const products = [...store.products.values()].filter((p) => p.sellerId === sellerId);
      return sendJson(res, 200, { success: true, products: products.map((p) => store.productJson(p)) });
    }
    const productId = one(/^\/v2\/products\/([^/]+)$/);
    if (method === 'GET' && productId !== undefined) {
      const product = store.products.get(productId);
      if (!product || product.sellerId !== sellerId) return fail(res, 404, 'The product was not found.');
      return sendJson(res, 200, { success: true, product: store.productJson(product) });
    }
    const saleId = one(/^\/v2\/sales\/([^/]+)$/);
    if (method === 'GET' && saleId !== undefined) {
      const sale = store.sales.get(saleId);
      if (!sale || sale.sellerId !== sellerId) return fail(res, 404, 'The sale was not found.');
      return sendJson(res, 200, { success: true, sale: store.saleJson(sale) });
    }
    const subscriberId = one(/^\/v2\/subscribers\/([^/]+)$/);
    if (method === 'GET' && subscriberId !== undefined) {
      const sub = store.subscriptions.get(subscriberId);
      if (!sub || store.product(sub.productId).sellerId !== sellerId)
        return fail(res, 404, 'The subscriber was not found.');
      return sendJson(res, 200, { success: true, subscriber: store.subscriberJson(sub) });
    }
    if (path === '/v2/resource_subscriptions' && (method === 'PUT' || method === 'GET')) {
      const resourceName = fields.get('resource_name') ?? '';
      if (!(FAKE_GUMROAD_RESOURCES as readonly string[]).includes(resourceName))
        return fail(res, 400, 'Invalid resource_name');
      if (method === 'GET')
        return sendJson(res, 200, {
          success: true,
          resource_subscriptions: store.subscriptionsFor(sellerId, resourceName).map(publicSubscription),
        });
      const postUrl = fields.get('post_url') ?? '';
      if (!/^https?:\/\//.test(postUrl)) return fail(res, 400, 'Invalid post_url');
      const sub = { id: gumroadId(), sellerId, resource_name: resourceName, post_url: postUrl };
      store.resourceSubscriptions.set(sub.id, sub);
      return sendJson(res, 200, { success: true, resource_subscription: publicSubscription(sub) });
    }
    const subscriptionId = one(/^\/v2\/resource_subscriptions\/([^/]+)$/);
    if (method === 'DELETE' && subscriptionId !== undefined) {
      const sub = store.resourceSubscriptions.get(subscriptionId);
      if (!sub || sub.sellerId !== sellerId)
        return fail(res, 404, 'The resource_subscription was not found.');
      store.resourceSubscriptions.delete(subscriptionId);
      return sendJson(res, 200, {
        success: true,
        message: 'The resource_subscription was deleted successfully.',
      });
    }
    fail(res, 404, 'Not found');
  }

  // ---- the checkout (/l/:productId) ------------------------------------------------------------------------

  async function checkout(req: IncomingMessage, res: ServerResponse, productId: string, text: string) {
    const product: FakeGumroadProduct | undefined = store.products.get(productId);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (!product) return html(404, notFoundPage());
    if (req.method === 'GET') return html(200, checkoutPage(product));
    const form = new URLSearchParams(text);
    const email = (form.get('email') ?? '').trim();
    if (!email.includes('@')) return html(400, checkoutPage(product, email));
    const sale = (await makeSale({
      productId,
      email,
      recurrence: form.get('recurrence') ?? undefined,
    })) as { id: string };
    if (!product.redirectUrl) return html(200, receiptPage(product, sale.id));
    const target = new URL(product.redirectUrl);
    target.searchParams.set('sale_id', sale.id);
    res.writeHead(303, { location: target.toString() });
    res.end();
  }

  /** The buyer's manage page; "Cancel membership" cancels at the end of the period, as Gumroad does. */
  async function manage(res: ServerResponse, method: string, subscriptionId: string) {
    const sub = store.subscriptions.get(subscriptionId);
    if (!sub) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(notFoundPage());
    }
    if (method === 'POST' && !sub.cancelledAt) await cancel(sub.saleIds[0]!);
    const json = store.subscriberJson(sub) as { status: string; cancelled_at: string | null };
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      managePage({
        id: sub.id,
        productName: store.product(sub.productId).name,
        status: json.status,
        cancelledAt: json.cancelled_at,
      }),
    );
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const text = await readBody(req);
    const method = req.method ?? 'GET';
    if (url.pathname.startsWith('/__fake/')) {
      let body: Record<string, unknown>;
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return sendJson(res, 400, { error: 'invalid JSON body' });
      }
      try {
        return await control(res, method, url.pathname, body);
      } catch (error) {
        return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
      }
    }
    const manageId = /^\/subscriptions\/([^/]+)\/manage$/.exec(url.pathname);
    if (manageId && (method === 'GET' || method === 'POST'))
      return manage(res, method, decodeURIComponent(manageId[1]!));
    const checkoutId = /^\/l\/([^/]+)$/.exec(url.pathname);
    if (checkoutId && (method === 'GET' || method === 'POST'))
      return checkout(req, res, decodeURIComponent(checkoutId[1]!), text);
    if (!url.pathname.startsWith('/v2/')) return fail(res, 404, 'Not found');

    records.push({ method, path: url.pathname + url.search, headers: flatHeaders(req), body: text });
    // Gumroad reads parameters from the query string and from a form (or JSON) body alike.
    const fields = new URLSearchParams(url.search);
    const type = req.headers['content-type'] ?? '';
    if (type.includes('application/json') && text) {
      for (const [k, v] of Object.entries(JSON.parse(text) as Record<string, unknown>))
        fields.set(k, String(v));
    } else if (text) {
      for (const [k, v] of new URLSearchParams(text)) fields.set(k, v);
    }
    if (failures > 0) {
      failures -= 1;
      return fail(res, 500, 'Internal server error');
    }
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const token = bearer ?? fields.get('access_token') ?? '';
    const sellerId = store.tokens.get(token);
    if (!sellerId) return fail(res, 401, INVALID_TOKEN);
    api(res, method, url.pathname, fields, sellerId);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      fail(res, 500, String(error));
    });
  });
  const port = await listen(server, opts.port);
  baseUrl = `http://127.0.0.1:${port}`;
  return {
    url: baseUrl,
    get requests() {
      return records;
    },
    get pings() {
      return store.pings;
    },
    get resourceSubscriptions() {
      return [...store.resourceSubscriptions.values()];
    },
    createSeller: (input) => store.createSeller(input),
    addToken,
    revokeToken: (token) => void store.tokens.delete(token),
    addProduct: (input) => store.productJson(store.addProduct(input)),
    setRedirectUrl,
    makeSale,
    refund,
    cancel,
    endSubscription,
    sendPing,
    failNext: (count) => void (failures = count),
    reset,
    close: () => closeServer(server),
  };
}

function publicSubscription(sub: FakeGumroadResourceSubscription) {
  return { id: sub.id, resource_name: sub.resource_name, post_url: sub.post_url };
}

export type { FakeGumroadSale };
