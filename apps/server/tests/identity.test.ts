import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { schema } from '@buildai/server';
import { BUILDER_PASSWORD, signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { json, sessionCall } from './helpers';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer({ ADMIN_EMAILS: 'boss@example.com' });
});
afterEach(() => server.close());

const signUp = (body: Record<string, unknown>) =>
  server.request('/api/live_api/auth/signUp', { method: 'POST', json: body });
const signIn = (body: Record<string, unknown>) =>
  server.request('/api/live_api/auth/signIn', { method: 'POST', json: body });
const userCount = async () => (await server.platform.db.select({ n: count() }).from(schema.users))[0]!.n;

describe('sign-up', () => {
  it('answers an id token, sets an HttpOnly refresh cookie, and the account is created once', async () => {
    const res = await signUp({
      email: 'Ada@Example.com',
      password: 'a long passphrase',
      tenantId: 'platform',
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.expiresIn).toBe(3600);
    expect(body.idToken.split('.')).toHaveLength(3);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/buildai_refresh=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/live_api\/auth/);

    const first = await json(
      await server.request('/api/live_api/account/create', { method: 'POST', token: body.idToken }),
    );
    const again = await json(
      await server.request('/api/live_api/account/create', { method: 'POST', token: body.idToken }),
    );
    expect(again.accountId).toBe(first.accountId);

    const current = await json(
      await server.request('/api/live_api/account/current', { token: body.idToken }),
    );
    expect(current).toMatchObject({
      accountId: first.accountId,
      accountType: 'builder',
      plan: 'lite',
      isAdmin: false,
      hasBusinessInfo: false,
      hasPaidAppPackage: false,
      subscriptionId: null,
      planSubscriptionStatus: null,
      planSubscriptionCancelledAt: null,
      appId: null,
      appHeader: null,
      email: 'ada@example.com',
      tenantId: 'platform',
    });
  });

  it.each([
    [{ email: 'not-an-email', password: 'a long passphrase' }, 400, 'This email is invalid'],
    [{ email: 'a@example.com', password: 'short' }, 400, 'This password is too weak'],
    [{ email: 'a@example.com', password: 'password123' }, 400, 'This password is too weak'],
    [{ email: 'a@example.com', password: 'x'.repeat(129) }, 400, 'This password is too weak'],
  ])('refuses %j with the spec message and writes nothing', async (body, status, message) => {
    const res = await signUp({ ...body, tenantId: 'platform' });
    expect(res.status).toBe(status);
    expect((await json(res)).error.message).toBe(message);
    expect(await userCount()).toBe(0);
  });

  it('refuses an email already in use, whatever its case', async () => {
    await signUp({ email: 'ada@example.com', password: 'a long passphrase', tenantId: 'platform' });
    const res = await signUp({
      email: 'ADA@example.com',
      password: 'another passphrase',
      tenantId: 'platform',
    });
    expect(res.status).toBe(409);
    expect((await json(res)).error).toEqual({
      code: 'auth/email-already-in-use',
      message: 'This email is already in use, try logging in',
      field: 'email',
    });
    expect(await userCount()).toBe(1);
  });

  it('needs a tenant id that accepts sign-ups', async () => {
    const missing = await signUp({ email: 'a@example.com', password: 'a long passphrase' });
    expect(missing.status).toBe(400);
    expect((await json(missing)).error.field).toBe('tenantId');
    const unknown = await signUp({ email: 'a@example.com', password: 'a long passphrase', tenantId: 'nope' });
    expect((await json(unknown)).error.message).toBe('Sign-up is not available here');
    expect(await userCount()).toBe(0);
  });

  it('makes ADMIN_EMAILS accounts admins', async () => {
    const { idToken } = await signUpBuilder(server, 'boss@example.com');
    const current = await json(await server.request('/api/live_api/account/current', { token: idToken }));
    expect(current.isAdmin).toBe(true);
  });
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    await signUpBuilder(server, 'ada@example.com');
    const res = await signIn({ email: 'ada@example.com', password: BUILDER_PASSWORD });
    expect(res.status).toBe(200);
    const { idToken } = await json(res);
    const current = await server.request('/api/live_api/account/current', { token: idToken });
    expect(current.status).toBe(200);
  });

  it.each([
    ['a wrong password', { email: 'ada@example.com', password: 'wrong password!' }],
    ['an unknown user', { email: 'nobody@example.com', password: BUILDER_PASSWORD }],
    ['an invalid email', { email: 'ada', password: BUILDER_PASSWORD }],
  ])('answers the same message for %s', async (_what, body) => {
    await signUpBuilder(server, 'ada@example.com');
    const res = await signIn(body);
    expect(res.status).toBe(401);
    expect((await json(res)).error).toEqual({
      code: 'auth/invalid-credentials',
      message: 'Invalid email or password',
    });
  });
});

describe('tokens', () => {
  it('refuses calls without a valid token', async () => {
    expect((await server.request('/api/live_api/account/current')).status).toBe(401);
    const bad = await server.request('/api/live_api/account/current', { token: 'not.a.token' });
    expect(bad.status).toBe(401);
    expect((await json(bad)).error.code).toBe('auth/unauthenticated');
  });

  it('rotates the refresh cookie and revokes the family when an old one is replayed', async () => {
    const { cookie } = await signUpBuilder(server);
    const first = cookie.split(';')[0]!;
    const r1 = await sessionCall(server, 'refresh', first);
    expect(r1.status).toBe(200);
    expect((await json(r1)).idToken).toBeTruthy();
    const second = r1.headers.get('set-cookie')!.split(';')[0]!;
    expect(second).not.toBe(first);

    const replay = await sessionCall(server, 'refresh', first);
    expect(replay.status).toBe(401);
    // the replay revoked the whole family, including the newest token
    const after = await sessionCall(server, 'refresh', second);
    expect(after.status).toBe(401);
  });

  it('sign-out revokes the refresh token', async () => {
    const { cookie } = await signUpBuilder(server);
    const c = cookie.split(';')[0]!;
    const out = await sessionCall(server, 'signOut', c);
    expect(out.status).toBe(204);
    const res = await sessionCall(server, 'refresh', c);
    expect(res.status).toBe(401);
  });
});
