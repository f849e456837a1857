import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { CLAIM_MAX_WRONG_CODES } from '@buildai/domain';
import { schema } from '@buildai/server';
import { BUILDER_PASSWORD, signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { CLAIM_ADMIN, claimServerEnv, openInvitation, publishedApp } from './claims-helpers';
import { expectError, json } from './helpers';

// Issue 32, "What builders and end users hit": the security findings 20–27 (docs/decisions/0016).
let server: TestServer;
afterEach(() => server?.close());

describe('sign-out by bearer token (finding 20)', () => {
  const current = (token: string) => server.request('/api/live_api/account/current', { token });

  it('ends the session the id token names when no refresh cookie comes with it', async () => {
    server = await startTestServer({});
    const { idToken, cookie } = await signUpBuilder(server, 'owner@example.com');
    expect((await current(idToken)).status).toBe(200);
    const out = await server.request('/api/live_api/auth/signOut', {
      method: 'POST',
      json: {},
      token: idToken,
    });
    expect(out.status).toBe(204);
    await expectError(await current(idToken), 401, 'auth/unauthenticated', 'You need to sign in to do that');
    // the refresh token of that session is dead too
    const refreshed = await server.request('/api/live_api/auth/refresh', {
      method: 'POST',
      json: {},
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(refreshed.status).toBe(401);
  });
});

describe('claim codes count per claimant (finding 22)', () => {
  const claimFrom = (builder: { idToken: string }, invitationId: string, claimCode: string, ip: string) =>
    server.request(`/api/claim/${invitationId}`, {
      method: 'POST',
      token: builder.idToken,
      json: { claimCode },
      headers: { 'x-forwarded-for': ip },
    });

  it('a stranger with the link cannot kill the invitation; the real customer still claims it', async () => {
    server = await startTestServer({ ...claimServerEnv, TRUST_PROXY: 'true' });
    const admin = await signUpBuilder(server, CLAIM_ADMIN);
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    const stranger = await signUpBuilder(server, 'stranger@example.com');
    for (let i = 0; i < 3; i++)
      expect((await claimFrom(stranger, invitationId, 'AAAA-AAAA', '198.51.100.1')).status).toBe(400);
    await expectError(
      await claimFrom(stranger, invitationId, 'AAAA-AAAA', '198.51.100.1'),
      429,
      'claim/too-many-tries',
      'Too many wrong codes, try again in an hour',
    );
    // another account from the stranger's address waits too: the address counts apart from the account
    const second = await signUpBuilder(server, 'second@example.com');
    await expectError(
      await claimFrom(second, invitationId, claimCode, '198.51.100.1'),
      429,
      'claim/too-many-tries',
      'Too many wrong codes, try again in an hour',
    );
    const customer = await signUpBuilder(server, 'customer@example.com');
    const claimed = await claimFrom(customer, invitationId, claimCode, '203.0.113.9');
    expect(claimed.status).toBe(200);
    expect(await json(claimed)).toEqual({ appId });
  });

  it('all wrong codes together still kill the invitation at the backstop', async () => {
    server = await startTestServer({ ...claimServerEnv, TRUST_PROXY: 'true' });
    const admin = await signUpBuilder(server, CLAIM_ADMIN);
    const { appId } = await publishedApp(server, admin, { isClaimable: true });
    const { invitationId, claimCode } = await openInvitation(server, admin, appId);
    await server.platform.db
      .update(schema.claimInvitations)
      .set({ attempts: CLAIM_MAX_WRONG_CODES - 1 })
      .where(eq(schema.claimInvitations.id, invitationId));
    const guesser = await signUpBuilder(server, 'guesser@example.com');
    await expectError(
      await claimFrom(guesser, invitationId, 'AAAA-AAAA', '198.51.100.2'),
      410,
      'claim/invitation-dead',
      'This invitation is no longer valid, ask for a new one',
    );
    const customer = await signUpBuilder(server, 'customer@example.com');
    await expectError(
      await claimFrom(customer, invitationId, claimCode, '203.0.113.9'),
      410,
      'claim/invitation-dead',
      'This invitation is no longer valid, ask for a new one',
    );
    expect((await json(await server.request(`/api/claim/${invitationId}`))).status).toBe('dead');
    expect((await openInvitation(server, admin, appId)).invitationId).not.toBe(invitationId);
  });
});

describe('password lockout spares a known device (finding 23)', () => {
  const signInFrom = (password: string, ip: string, cookie?: string) =>
    server.request('/api/live_api/auth/signIn', {
      method: 'POST',
      json: { email: 'owner@example.com', password },
      headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    });

  it('100 wrong passwords from 20 addresses lock strangers out, not the browser the owner signed in from', async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    await signUpBuilder(server, 'owner@example.com');
    const first = await signInFrom(BUILDER_PASSWORD, '203.0.113.5');
    expect(first.status).toBe(200);
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('buildai_device='))
      ?.split(';')[0];
    expect(device).toMatch(/^buildai_device=[\w-]+\.[0-9a-f]+\.[\w-]+$/);
    for (let address = 0; address < 20; address++) {
      const statuses = await Promise.all(
        Array.from({ length: 5 }, () =>
          signInFrom('wrong password!', `198.51.100.${address}`).then((r) => r.status),
        ),
      );
      expect(statuses).toEqual(Array(5).fill(401));
    }
    // the account's limit is used up for everyone else, even with the right password...
    await expectError(
      await signInFrom(BUILDER_PASSWORD, '203.0.113.6'),
      429,
      'auth/too-many-requests',
      'Too many login attempts, try again later',
    );
    // ...but the owner's browser signs in, from any address
    expect((await signInFrom(BUILDER_PASSWORD, '203.0.113.7', device)).status).toBe(200);
    // a forged or another account's device cookie does not count as known
    const [id, account] = device!.slice('buildai_device='.length).split('.');
    await expectError(
      await signInFrom(BUILDER_PASSWORD, '203.0.113.7', `buildai_device=${id}.${account}.forged`),
      429,
      'auth/too-many-requests',
      'Too many login attempts, try again later',
    );
  }, 120_000);

  it('a known device has tries of its own and is locked out after five wrong ones', async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    await signUpBuilder(server, 'owner@example.com');
    const first = await signInFrom(BUILDER_PASSWORD, '203.0.113.5');
    const device = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('buildai_device='))!
      .split(';')[0]!;
    for (let i = 0; i < 5; i++)
      expect((await signInFrom('wrong password!', '203.0.113.5', device)).status).toBe(401);
    await expectError(
      await signInFrom(BUILDER_PASSWORD, '203.0.113.5', device),
      429,
      'auth/too-many-requests',
      'Too many login attempts, try again later',
    );
  });
});
