import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { builderWithApp, signUpEndUser } from './payments-helpers';
import { expectError, json } from './helpers';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = Record<string, any>;

let server: TestServer;
afterEach(async () => {
  await server?.close();
});

async function start() {
  server = await startTestServer();
  const builder = await builderWithApp(server);
  const { appId } = builder;
  const annToken = await signUpEndUser(server, appId, 'ann@example.com');
  const bobToken = await signUpEndUser(server, appId, 'bob@example.com');
  const [ann] = await server.platform.db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, 'ann@example.com'));
  await server.platform.db
    .update(schema.users)
    .set({ emailVerifiedAt: new Date() })
    .where(eq(schema.users.id, ann!.id));
  // ann bought the app's membership: a subscription Gumroad renewed
  await server.platform.db.insert(schema.paymentSales).values({
    scope: appId,
    saleId: 'sale-ann-1',
    productId: 'prod-1',
    email: 'ann@example.com',
    subscriptionId: 'sub-ann-1',
    state: 'alive',
  });
  return { builder, appId, annId: ann!.id, annToken, bobToken };
}

const users = (appId: string, token: string, query = '') =>
  server.request(`/api/apps/${appId}/users${query}`, { token });
const patch = (appId: string, userId: string, token: string, body: unknown) =>
  server.request(`/api/apps/${appId}/users/${userId}`, { method: 'PATCH', token, json: body });

describe("an app's users", () => {
  it('lists them newest first with verification, role and membership, and searches by email', async () => {
    const { builder, appId, annId } = await start();
    const page = await json(await users(appId, builder.idToken));
    expect(page.nextCursor).toBeNull();
    expect(page.items.map((u: Json) => u.email)).toEqual(['bob@example.com', 'ann@example.com']);
    expect(page.items[1]).toEqual({
      id: annId,
      email: 'ann@example.com',
      createdAt: expect.any(String),
      verified: true,
      role: 'user',
      disabled: false,
      membership: {
        state: 'alive',
        saleId: 'sale-ann-1',
        subscriptionId: 'sub-ann-1',
        paidUntil: null,
        renewedAt: expect.any(String),
      },
    });
    expect(page.items[0]).toMatchObject({ verified: false, membership: null });
    const found = await json(await users(appId, builder.idToken, '?q=BOB'));
    expect(found.items.map((u: Json) => u.email)).toEqual(['bob@example.com']);
    expect((await users(appId, builder.idToken, `?q=${'x'.repeat(201)}`)).status).toBe(400);
  });

  it("changes a role (the User entity's rule) and disables a user; bad input changes nothing", async () => {
    const { builder, appId, annId, annToken, bobToken } = await start();
    const promoted = await patch(appId, annId, builder.idToken, { role: 'admin' });
    expect(await json(promoted)).toMatchObject({ id: annId, role: 'admin', disabled: false });
    // the built-in User entity reads the same role
    const record = await json(
      await server.request(`/api/apps/${appId}/entities/User/records/${annId}`, { token: builder.idToken }),
    );
    expect(record.role).toBe('admin');

    for (const body of [
      { role: 'owner' },
      {},
      { disabled: 'yes' },
      { role: 'user', email: 'x@example.com' },
    ]) {
      expect((await patch(appId, annId, builder.idToken, body)).status, JSON.stringify(body)).toBe(400);
    }
    const [unchanged] = await server.platform.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.id, annId));
    expect(unchanged).toMatchObject({ appRole: 'admin', disabledAt: null, email: 'ann@example.com' });

    const disabled = await json(await patch(appId, annId, builder.idToken, { disabled: true }));
    expect(disabled).toMatchObject({ disabled: true });
    const signIn = await server.request('/api/live_api/auth/signIn', {
      method: 'POST',
      json: { email: 'ann@example.com', password: 'a long passphrase', tenantId: appId },
    });
    await expectError(signIn, 403, 'auth/user-disabled', 'User is disabled, contact us for more info');
    expect(await json(await patch(appId, annId, builder.idToken, { disabled: false }))).toMatchObject({
      disabled: false,
    });
    await expectError(
      await patch(appId, 'nosuchuser', builder.idToken, { role: 'user' }),
      404,
      'auth/user-not-found',
      'User not found or disabled',
    );

    // another builder: 404; an end user of the app: 403; nobody changed
    const other = await signUpBuilder(server);
    await expectError(
      await patch(appId, annId, other.idToken, { role: 'user' }),
      404,
      'app/not-found',
      'App not found',
    );
    // (ann's session ended when she was disabled: her token is refused)
    expect((await patch(appId, annId, annToken, { role: 'user' })).status).toBe(401);
    expect((await patch(appId, annId, bobToken, { role: 'user' })).status).toBe(403);
    const [still] = await server.platform.db.select().from(schema.users).where(eq(schema.users.id, annId));
    expect(still!.appRole).toBe('admin');
  });

  it("answers a member their Gumroad subscription management link, and nobody else's", async () => {
    const { builder, appId, annToken, bobToken } = await start();
    const manage = (token?: string) =>
      server.request(`/api/apps/${appId}/membership/manage`, token ? { token } : {});
    const ann = await json(await manage(annToken));
    expect(ann.url).toMatch(/\/subscriptions\/sub-ann-1\/manage$/);
    expect(await json(await manage(bobToken))).toEqual({ url: null });
    expect(await json(await manage(builder.idToken))).toEqual({ url: null });
    expect(await json(await manage())).toEqual({ url: null });
  });
});
