import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { createApp, createLogger, createPlatform, loadConfig } from '@buildai/server';
import { BUILDER_PASSWORD, signUpBuilder, startTestServer, type TestServer } from '@buildai/testkit';
import { json, expectError, sessionCall } from './helpers';

// Issue "Hardening what exists": sign-in throttling, client address, login CSRF (docs/decisions/0006).
let server: TestServer;
afterEach(() => server?.close());

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  server.request('/api/live_api/auth/signIn', { method: 'POST', json: { email, password }, headers });
const mailsTo = async (to: string) =>
  (await (await server.request(`/api/dev/mail?to=${encodeURIComponent(to)}`)).json()) as { text: string }[];
const TOO_MANY = ['auth/too-many-requests', 'Too many login attempts, try again later'] as const;
/** Asks for a magic link (the owner's second mail: the first is the verification) and opens it. */
async function signInByMagicLink(email: string) {
  const sent = await server.request('/api/live_api/account/sendMagicLink', {
    method: 'POST',
    json: { email },
  });
  expect(sent.status).toBe(200);
  await expect.poll(async () => (await mailsTo(email)).length).toBe(2);
  const [mail] = await mailsTo(email);
  const token = new URL(mail!.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
  return server.request('/api/live_api/auth/magicLink/verify', { method: 'POST', json: { token } });
}

describe('client address behind a proxy', () => {
  it('accepts true, false, a hop count or proxy addresses, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual([
      'loopback',
      '10.0.0.0/8',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the address the proxy saw, not the entries a client wrote before it', async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    // one client, pretending to be a new address on every try: the proxy appends the real one
    // (in batches: each try checks a password hash, which takes a while on a busy machine)
    for (let batch = 0; batch < 100; batch += 10) {
      const statuses = await Promise.all(
        Array.from({ length: 10 }, (_, j) =>
          signIn(`nobody${batch + j}@example.com`, 'whatever pass', {
            'x-forwarded-for': `198.51.100.${batch + j}, 203.0.113.7`,
          }).then((res) => res.status),
        ),
      );
      expect(statuses).toEqual(Array(10).fill(401));
    }
    await expectError(
      await signIn('nobody@example.com', 'whatever pass', {
        'x-forwarded-for': '198.51.100.200, 203.0.113.7',
      }),
      429,
      ...TOO_MANY,
    );
    // someone else behind the same proxy is not held back
    expect(
      (await signIn('nobody@example.com', 'whatever pass', { 'x-forwarded-for': '203.0.113.8' })).status,
    ).toBe(401);
  }, 120_000);

  it('with a list of proxies, takes the rightmost hop that is not one of them', async () => {
    server = await startTestServer({ TRUST_PROXY: 'loopback, 10.0.0.0/8' });
    const base = await server.listen();
    await signUpBuilder(server, 'owner@example.com');
    const over = (email: string, password: string, forwardedFor: string) =>
      fetch(`${base}/api/live_api/auth/signIn`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 5; i++) {
      expect(
        (await over('owner@example.com', 'wrong password!', `192.0.2.${i}, 203.0.113.9, 10.1.1.1`)).status,
      ).toBe(401);
    }
    await expectError(
      await over('owner@example.com', BUILDER_PASSWORD, '192.0.2.99, 203.0.113.9, 10.2.2.2'),
      429,
      ...TOO_MANY,
    );
    expect((await over('owner@example.com', BUILDER_PASSWORD, '203.0.113.10, 10.1.1.1')).status).toBe(200);
  });
});

describe('failed sign-ins', () => {
  it('never lock the owner out from another address, nor everyone behind one address after 20', async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    await signUpBuilder(server, 'owner@example.com');
    const attacker = { 'x-forwarded-for': '198.51.100.1' };
    for (let i = 0; i < 5; i++)
      expect((await signIn('owner@example.com', 'wrong password!', attacker)).status).toBe(401);
    await expectError(await signIn('owner@example.com', BUILDER_PASSWORD, attacker), 429, ...TOO_MANY);
    expect(
      (await signIn('owner@example.com', BUILDER_PASSWORD, { 'x-forwarded-for': '203.0.113.1' })).status,
    ).toBe(200);

    // an office behind one address: 20 failures on other accounts hold no one else back
    const office = { 'x-forwarded-for': '192.0.2.1' };
    for (let i = 0; i < 20; i++)
      expect((await signIn(`n${i}@example.com`, 'whatever pass', office)).status).toBe(401);
    expect((await signIn('owner@example.com', BUILDER_PASSWORD, office)).status).toBe(200);
  });

  it('a magic link still signs the owner in while password tries are used up', async () => {
    server = await startTestServer({});
    await signUpBuilder(server, 'owner@example.com');
    for (let i = 0; i < 6; i++) await signIn('owner@example.com', 'wrong password!');
    await expectError(await signIn('owner@example.com', BUILDER_PASSWORD), 429, ...TOO_MANY);
    const res = await signInByMagicLink('owner@example.com');
    expect(res.status).toBe(200);
  });

  describe('lockouts in a row', () => {
    // short first steps (a server option, decision 0005), so a first lockout ends within a second
    const options = { loginThrottle: { lockoutStepsSec: [1, 3600] } };
    const wrong = () => signIn('owner@example.com', 'wrong password!');
    /** Wrong passwords until the pair is locked out; the seconds the 429 says to wait. */
    const lockOut = async (wrongTries: number) => {
      for (let i = 0; i < wrongTries; i++) expect((await wrong()).status).toBe(401);
      const refused = await signIn('owner@example.com', BUILDER_PASSWORD);
      await expectError(refused, 429, ...TOO_MANY);
      return Number(refused.headers.get('retry-after'));
    };
    // polls with a wrong password: the first answer that is not 429 took the first try of the new window
    const waitForLockoutToEnd = () =>
      vi.waitFor(async () => expect((await wrong()).status).toBe(401), { timeout: 15_000, interval: 100 });

    it('each lasts longer than the last, and a magic link still signs the owner in', async () => {
      server = await startTestServer({}, options);
      await signUpBuilder(server, 'owner@example.com');
      expect(await lockOut(5)).toBe(1);
      await waitForLockoutToEnd();
      const second = await lockOut(4);
      expect(second).toBeGreaterThan(3500);
      expect(second).toBeLessThanOrEqual(3600);
      // the right password from this address stays refused while the second lockout lasts
      await expectError(await signIn('owner@example.com', BUILDER_PASSWORD), 429, ...TOO_MANY);

      const res = await signInByMagicLink('owner@example.com');
      expect(res.status).toBe(200);
      expect((await json(res)).idToken).toEqual(expect.any(String));
    });

    it('start again from the first step after the right password', async () => {
      server = await startTestServer({}, options);
      await signUpBuilder(server, 'owner@example.com');
      expect(await lockOut(5)).toBe(1);
      await waitForLockoutToEnd();
      expect((await signIn('owner@example.com', BUILDER_PASSWORD)).status).toBe(200);
      // the tries are back (5 more wrong ones are checked) and the next lockout is a first one again
      expect(await lockOut(5)).toBe(1);
    });
  });

  it('checks at most 5 passwords of 60 sent at once', async () => {
    server = await startTestServer({});
    await signUpBuilder(server, 'owner@example.com');
    const answers = await Promise.all(
      Array.from({ length: 60 }, () => signIn('owner@example.com', 'wrong password!').then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 401)).toHaveLength(5);
    expect(answers.filter((s) => s === 429)).toHaveLength(55);
  });
});

describe('login CSRF', () => {
  const CROSS_SITE = [
    'auth/cross-site-request',
    'This request must come from this site as JSON; reload the page and try again',
  ] as const;
  const raw = (path: string, headers: Record<string, string>, body = '{}') =>
    server.request(`/api/live_api/auth/${path}`, { method: 'POST', headers, body });

  it('refuses a text/plain sign-in from another site and sets no cookie', async () => {
    server = await startTestServer({ PUBLIC_URL: 'http://buildai.test' });
    await signUpBuilder(server, 'owner@example.com');
    const body = JSON.stringify({ email: 'owner@example.com', password: BUILDER_PASSWORD });
    const res = await raw('signIn', { 'content-type': 'text/plain', origin: 'https://evil.example' }, body);
    await expectError(res, 403, ...CROSS_SITE);
    expect(res.headers.get('set-cookie')).toBeNull();
    // JSON is not enough when the page is another site's
    await expectError(
      await raw('signIn', { 'content-type': 'application/json', origin: 'https://evil.example' }, body),
      403,
      ...CROSS_SITE,
    );
    await expectError(
      await raw('signIn', { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, body),
      403,
      ...CROSS_SITE,
    );
    // a page of our own origin, and a client that is no browser page, sign in
    const own = await raw(
      'signIn',
      { 'content-type': 'application/json', origin: 'http://buildai.test' },
      body,
    );
    expect(own.status).toBe(200);
    expect(own.headers.get('set-cookie')).toMatch(/^buildai_refresh=/);
    const fetched = await raw(
      'signIn',
      {
        'content-type': 'application/json; charset=utf-8',
        'sec-fetch-site': 'same-origin',
        origin: 'http://x',
      },
      body,
    );
    expect(fetched.status).toBe(200);
    expect((await raw('signIn', { 'content-type': 'application/json' }, body)).status).toBe(200);
    // without a JSON type, even a client without Origin is refused
    await expectError(await raw('signIn', { 'content-type': 'text/plain' }, body), 403, ...CROSS_SITE);
  });

  it('guards sign-up, refresh, sign-out, magic link and custom token sign-ins the same way', async () => {
    server = await startTestServer({ PUBLIC_URL: 'http://buildai.test' });
    const { cookie } = await signUpBuilder(server, 'owner@example.com');
    const refreshCookie = cookie.split(';')[0]!;
    for (const path of ['signUp', 'refresh', 'signOut', 'magicLink/verify', 'customToken']) {
      await expectError(
        await raw(path, { 'content-type': 'text/plain', cookie: refreshCookie }),
        403,
        ...CROSS_SITE,
      );
      await expectError(
        await raw(path, { 'content-type': 'application/json', origin: 'null', cookie: refreshCookie }),
        403,
        ...CROSS_SITE,
      );
    }
    // the cookie still works for our own page
    const refreshed = await raw('refresh', {
      'content-type': 'application/json',
      origin: 'http://buildai.test',
      cookie: refreshCookie,
    });
    expect(refreshed.status).toBe(200);
  });
});

describe('no account enumeration through email limits', () => {
  const send = (name: string, email: string) =>
    server.request(`/api/live_api/account/${name}`, { method: 'POST', json: { email } });

  it.each(['sendResetPasswordEmail', 'sendMagicLink'])(
    '%s answers a known and an unknown address alike, limit included',
    async (name) => {
      // sign-up closed: a magic link to an unknown address sends nothing, and must still look the same
      server = await startTestServer({ BUILDER_SIGNUP_ENABLED: 'false' });
      await server.platform.db.insert((await import('@buildai/server')).schema.users).values({
        id: 'knownuser1',
        tenantId: 'platform',
        email: 'known@example.com',
        emailVerifiedAt: new Date(),
      });
      const answers = async (email: string) => {
        const out: [number, unknown][] = [];
        for (let i = 0; i < 7; i++) {
          const res = await send(name, email);
          out.push([res.status, await res.json()]);
        }
        return out;
      };
      const known = await answers('known@example.com');
      expect(await answers('unknown@example.com')).toEqual(known);
      expect(known.map(([status]) => status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
      await vi.waitFor(async () => expect(await mailsTo('known@example.com')).toHaveLength(5));
      expect(await mailsTo('unknown@example.com')).toHaveLength(0);
    },
  );
});

describe('sign-out, password change and email change end access', () => {
  const current = (token: string) => server.request('/api/live_api/account/current', { token });

  it('refuses the id token of a signed-out session, and keeps the other sessions', async () => {
    server = await startTestServer({});
    const { idToken, cookie } = await signUpBuilder(server, 'owner@example.com');
    const other = (await json(await signIn('owner@example.com', BUILDER_PASSWORD))).idToken as string;
    expect((await current(idToken)).status).toBe(200);
    const out = await sessionCall(server, 'signOut', cookie);
    expect(out.status).toBe(204);
    await expectError(await current(idToken), 401, 'auth/unauthenticated', 'You need to sign in to do that');
    expect((await current(other)).status).toBe(200);
  });

  it('refuses every earlier id token after a password change; the new one works', async () => {
    server = await startTestServer({});
    const { idToken } = await signUpBuilder(server, 'owner@example.com');
    const other = (await json(await signIn('owner@example.com', BUILDER_PASSWORD))).idToken as string;
    expect((await current(other)).status).toBe(200); // cached as live
    const changed = await server.request('/api/live_api/auth/changePassword', {
      method: 'POST',
      token: idToken,
      json: { currentPassword: BUILDER_PASSWORD, newPassword: 'a brand new passphrase' },
    });
    expect(changed.status).toBe(200);
    expect((await current(idToken)).status).toBe(401);
    expect((await current(other)).status).toBe(401);
    expect((await current((await json(changed)).idToken)).status).toBe(200);
  });

  it('refuses id tokens without an expiry or a session', async () => {
    const AUTH_SECRET = 'a-test-signing-secret-of-enough-length-000000';
    server = await startTestServer({ AUTH_SECRET });
    const { idToken } = await signUpBuilder(server, 'owner@example.com');
    const claims = JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forge = (drop: string) => {
      const { [drop]: _gone, ...rest } = claims;
      return new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(Buffer.from(AUTH_SECRET));
    };
    expect((await current(idToken)).status).toBe(200);
    expect((await current(await forge('exp'))).status).toBe(401);
    expect((await current(await forge('sid'))).status).toBe(401);
  });
});

describe('across server instances', () => {
  // Two instances on one database: with Redis (TEST_REDIS_URL) the end is announced over pub/sub and the other
  // instance refuses at once; in-process, its short cache runs out within seconds. Either way: within seconds.
  it('one instance refuses a token within seconds of its session ending on another', async () => {
    server = await startTestServer({});
    const { config, database } = server.platform;
    const second = await createPlatform(config, createLogger(config), {
      database: { ...database, close: async () => {} },
      refreshModels: false,
    });
    try {
      const app = createApp(second);
      const { idToken, cookie } = await signUpBuilder(server, 'owner@example.com');
      const onSecond = () =>
        app.request('/api/live_api/account/current', { headers: { authorization: `Bearer ${idToken}` } });
      expect((await onSecond()).status).toBe(200); // the second instance now holds it as live
      const out = await sessionCall(server, 'signOut', cookie);
      expect(out.status).toBe(204);
      await vi.waitFor(async () => expect((await onSecond()).status).toBe(401), {
        timeout: 10_000,
        interval: 250,
      });
    } finally {
      await second.close();
    }
  });
});

describe('headers', () => {
  it('sends HSTS only over https', async () => {
    server = await startTestServer({ TRUST_PROXY: 'true' });
    const plain = await server.request('/login');
    expect(plain.headers.get('strict-transport-security')).toBeNull();
    const secure = await server.request('/login', { headers: { 'x-forwarded-proto': 'https' } });
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=15552000; includeSubDomains');
    expect(
      (await server.request('https://buildai.test/login')).headers.get('strict-transport-security'),
    ).toBe('max-age=15552000; includeSubDomains');
  });

  it('serves uploaded files inline with a safe name, sandboxed and not sniffed', async () => {
    server = await startTestServer({});
    const key = 'accounts/a1/apps/b2/tools/c3/thumb-d4.png';
    await server.platform.blobs.put(key, '<svg onload="alert(1)"/>', { contentType: 'image/png' });
    const res = await server.request(`/api/files/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('inline; filename="thumb-d4.png"');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });
});

describe('public pages', () => {
  it('a visitor without token or cookie reads an empty memory, not a 401; a token not valid here is still refused', async () => {
    server = await startTestServer({});
    const { idToken } = await signUpBuilder(server, 'builder@example.com');
    const memory = (token?: string) =>
      server.request('/api/live_api/user/memories/current', token ? { token } : {});
    const anonymous = await memory();
    expect(anonymous.status).toBe(200);
    expect(await json(anonymous)).toEqual({ appId: 'platform', values: {}, updatedAt: null });
    expect((await memory('not.a.token')).status).toBe(401);
    expect(await json(await memory(idToken))).toEqual({ appId: 'platform', values: {}, updatedAt: null });
  });
});
