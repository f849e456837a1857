import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOidc, startTestServer, type FakeOidc, type TestServer } from '@buildai/testkit';
import { json } from './helpers';

let oidc: FakeOidc;
let server: TestServer;
let base: string;
beforeAll(async () => {
  oidc = await startFakeOidc();
});
afterAll(() => oidc.close());
beforeEach(async () => {
  oidc.reset();
  // the OpenID redirect goes to the public address: this server's own here
  server = await startTestServer(
    { GOOGLE_ISSUER: oidc.issuer, GOOGLE_CLIENT_ID: oidc.clientId, GOOGLE_CLIENT_SECRET: oidc.clientSecret },
    { publicUrl: true },
  );
  base = server.url!;
});
afterEach(() => server.close());

/** Runs the popup's trip: start → provider → callback, carrying the state cookie like a browser. */
async function popup(query = '') {
  const start = await fetch(`${base}/api/live_api/auth/google/start${query}`, { redirect: 'manual' });
  expect(start.status).toBe(302);
  const cookie = start.headers.get('set-cookie')!.split(';')[0]!;
  const authorize = new URL(start.headers.get('location')!);
  const atProvider = await fetch(authorize, { redirect: 'manual' });
  const back = new URL(atProvider.headers.get('location')!);
  const callback = await fetch(back, { headers: { cookie } });
  const html = await callback.text();
  const message = JSON.parse(html.match(/var m=(\{.*?\});/)![1]!) as Record<string, string>;
  return { start, authorize, callback, html, message };
}

describe('Google sign-in through an OpenID provider', () => {
  it('uses PKCE, state and nonce, and hands a one-use custom token to the opener', async () => {
    oidc.setUser({ sub: 'g-1', email: 'Gina@Example.com', email_verified: true, name: 'Gina' });
    const { authorize, callback, html, message } = await popup();
    expect(authorize.origin).toBe(new URL(oidc.issuer).origin);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toBeTruthy();
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${base}/api/live_api/auth/google/callback`);
    expect(callback.headers.get('content-security-policy')).toMatch(/script-src 'nonce-/);
    expect(html).toContain('window.opener.postMessage(m,window.location.origin)');
    expect(message).toMatchObject({ type: 'buildai:google', tenantId: 'platform' });

    const signedIn = await server.request('/api/live_api/auth/customToken', {
      method: 'POST',
      json: { customToken: message.customToken },
    });
    expect(signedIn.status).toBe(200);
    const { idToken } = await json(signedIn);
    await server.request('/api/live_api/account/create', { method: 'POST', token: idToken });
    const current = await json(await server.request('/api/live_api/account/current', { token: idToken }));
    expect(current).toMatchObject({ email: 'gina@example.com', emailVerified: true });
  });

  it('refuses an id token for another client, with another nonce, or signed by another key', async () => {
    for (const [claims, options] of [
      [{ aud: 'someone-else' }, {}],
      [{ nonce: 'replayed' }, {}],
      [{}, { foreignKey: true }],
      [{ email_verified: false }, {}],
    ] as const) {
      oidc.nextIdTokenOverrides(claims, options);
      const { message } = await popup();
      expect(message).toEqual({ type: 'buildai:google', error: 'Google sign-in failed, please try again' });
    }
  });

  it('reports a cancelled consent without an error, and refuses a callback without its state cookie', async () => {
    oidc.denyNext();
    const { message } = await popup();
    expect(message).toEqual({ type: 'buildai:google', cancelled: true });

    const start = await fetch(`${base}/api/live_api/auth/google/start`, { redirect: 'manual' });
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const html = await (await fetch(atProvider.headers.get('location')!)).text();
    expect(html).toContain('Google sign-in failed, please try again');
  });

  it('is off without a client id', async () => {
    await server.close();
    server = await startTestServer({});
    const res = await server.request('/api/live_api/auth/google/start');
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe('Google sign-in is not available here');
    expect((await json(await server.request('/api/live_api/auth/config'))).googleEnabled).toBe(false);
  });
});
