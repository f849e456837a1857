// Shared set-up of the payments tests: a server reachable over HTTP (Gumroad's pings come back to it), the fake
// Gumroad of packages/testkit, a builder's published app with user sign-up on, and small readers of the tables.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, vi } from 'vitest';
import {
  signUpBuilder,
  startFakeGumroad,
  startTestServer,
  type FakeGumroad,
  type TestServer,
} from '@buildai/testkit';
import { accounts, paymentPings, paymentSales, users } from '../src/db/schema';
import { json } from './helpers';

export const OPERATOR_TOKEN = 'operator-gumroad-token';

/** The operator's plans (PLANS_FILE): Explorer and Monetizer are bought through Gumroad. */
export const PLANS_FILE = new URL('./fixtures/gumroad-plans.json', import.meta.url).pathname;

/**
 * One fake Gumroad and one product server for a test file, started before its tests and closed after them; `use`
 * receives both once they run.
 */
export function usePaymentsServer(use: (gumroad: FakeGumroad, server: TestServer) => void): void {
  let gumroad: FakeGumroad | undefined;
  let server: TestServer | undefined;
  beforeAll(async () => {
    gumroad = await startGumroad();
    server = await startPaymentsServer(gumroad);
    use(gumroad, server);
  });
  afterAll(async () => {
    await server?.close();
    await gumroad?.close();
  });
}

export async function startPaymentsServer(
  gumroad: FakeGumroad,
  env: Record<string, string | undefined> = {},
  options: Parameters<typeof startTestServer>[1] = {},
): Promise<TestServer> {
  const server = await startTestServer(
    {
      GUMROAD_API_URL: gumroad.url,
      GUMROAD_ACCESS_TOKEN: OPERATOR_TOKEN,
      PLANS_FILE,
      ADMIN_EMAILS: 'admin@example.com',
      ...env,
    },
    { publicUrl: true, ...options },
  );
  // at its start the server makes the operator's products ping it: done before a test counts Gumroad's calls
  const pingUrl = `${server.url}/api/payments/gumroad/ping`;
  await vi.waitFor(
    () => {
      const resources = gumroad.resourceSubscriptions.filter((s) => s.post_url === pingUrl);
      if (resources.length !== 4) throw new Error(`${resources.length} of the operator's pings registered`);
    },
    { timeout: 10_000, interval: 25 },
  );
  return server;
}

export function startGumroad(): Promise<FakeGumroad> {
  return startFakeGumroad({
    sellerToken: OPERATOR_TOKEN,
    sellerProducts: [
      { id: 'plan-explorer', name: 'Explorer', price: 1900, yearlyPrice: 19000, membership: true },
      { id: 'plan-monetizer', name: 'Monetizer', price: 4900, membership: true },
    ],
  });
}

/** A builder with a published app whose user sign-up is on. */
export async function builderWithApp(server: TestServer) {
  const builder = await signUpBuilder(server);
  const token = builder.idToken;
  const created = await json(
    await server.request('/api/apps/new', { method: 'POST', token, json: { kind: 'tool' } }),
  );
  const appId = created.appId as string;
  const toolId = created.toolId as string;
  const app = {
    header: 'Recipe bot',
    description: 'Cooks',
    gptPrompt: 'Suggest a recipe with {{topic}}.',
    fields: [{ name: 'topic', label: 'Topic', type: 'text', required: true }],
    appBuilderVersion: 4,
  };
  await expectOk(
    server.request('/api/apps', { method: 'POST', token, json: { appType: 'tool', appId, app } }),
  );
  await expectOk(
    server.request(`/api/apps/${appId}/tools/${toolId}/status`, {
      method: 'POST',
      token,
      json: { status: 'active' },
    }),
  );
  await expectOk(server.request(`/api/apps/${appId}/publish`, { method: 'POST', token }));
  await saveSettings(server, token, appId, {
    isSignupEnabled: true,
    termsOfServiceLink: 'https://recipes.example.com/terms',
    privacyPolicyLink: 'https://recipes.example.com/privacy',
    supportEmail: 'help@recipes.example.com',
  });
  return { ...builder, token, appId };
}

export async function saveSettings(
  server: TestServer,
  token: string,
  appId: string,
  appSettings: Record<string, unknown>,
): Promise<Response> {
  return expectOk(
    server.request(`/api/apps/${appId}/settings`, { method: 'POST', token, json: { appSettings } }),
  );
}

export async function expectOk(pending: Promise<Response>): Promise<Response> {
  const res = await pending;
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status} ${await res.clone().text()}`);
  return res;
}

/** A seller at the fake Gumroad with one membership product. */
export function newSeller(gumroad: FakeGumroad, name = 'Recipe club') {
  const seller = gumroad.createSeller();
  const product = gumroad.addProduct({
    token: seller.token,
    name,
    price: 900,
    yearlyPrice: 9000,
    membership: true,
  });
  return { ...seller, productId: product.id as string };
}

/** Stores the token through a settings save and connects the product. */
export async function connect(
  server: TestServer,
  token: string,
  appId: string,
  seller: { token: string; productId: string },
) {
  await saveSettings(server, token, appId, { gumroadAccessToken: seller.token });
  return server.request(`/api/apps/${appId}/payments/connect`, {
    method: 'POST',
    token,
    json: { productId: seller.productId },
  });
}

export async function pings(server: TestServer, scope: string) {
  return server.platform.db
    .select()
    .from(paymentPings)
    .where(eq(paymentPings.scope, scope))
    .orderBy(paymentPings.receivedAt);
}

/** Waits until every ping of the scope is processed (done, ignored or failed). */
export async function settled(server: TestServer, scope: string, count?: number) {
  await vi.waitFor(
    async () => {
      const rows = await pings(server, scope);
      if (count !== undefined && rows.length !== count) throw new Error(`${rows.length} pings of ${count}`);
      const open = rows.filter((p) => p.status === 'received');
      if (open.length) throw new Error(`${open.length} pings still received`);
    },
    { timeout: 15_000, interval: 25 },
  );
  return pings(server, scope);
}

export async function saleRow(server: TestServer, scope: string, saleId: string) {
  const [row] = await server.platform.db
    .select()
    .from(paymentSales)
    .where(and(eq(paymentSales.scope, scope), eq(paymentSales.saleId, saleId)));
  return row ?? null;
}

export async function accountOf(server: TestServer, tenantId: string, email: string) {
  const [row] = await server.platform.db
    .select({ account: accounts })
    .from(accounts)
    .innerJoin(users, eq(users.id, accounts.userId))
    .where(and(eq(users.tenantId, tenantId), eq(users.email, email)));
  return row?.account ?? null;
}

/** Signs an end user up on the app's tenant (no account yet): the id token. */
export async function signUpEndUser(server: TestServer, appId: string, email: string): Promise<string> {
  const res = await server.request('/api/live_api/auth/signUp', {
    method: 'POST',
    json: { email, password: 'a long passphrase', tenantId: appId },
  });
  if (res.status !== 200) throw new Error(`sign-up failed ${res.status} ${await res.text()}`);
  return (await json(res)).idToken as string;
}
