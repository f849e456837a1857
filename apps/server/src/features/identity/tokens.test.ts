import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '@buildai/testkit';
import { signAccessToken, verifyAccessToken } from './tokens';

const SECRET = 'a-signing-secret-of-the-operator-0123456789';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ AUTH_SECRET: SECRET });
});
afterAll(() => server.close());

const subject = {
  userId: 'u-1',
  tenantId: 'platform',
  email: 'ada@example.com',
  emailVerified: true,
  sessionId: 's-1',
};
const now = () => Math.floor(Date.now() / 1000);

/** A token as the server signs them, with `change` applied: the claims a forged or stale token would carry. */
function token(change: { secret?: string; alg?: string; iss?: string; exp?: number; nbf?: number } = {}) {
  const jwt = new SignJWT({ tid: 'platform', email: 'ada@example.com', ev: true, sid: 's-1' })
    .setProtectedHeader({ alg: change.alg ?? 'HS256', typ: 'JWT' })
    .setSubject('u-1')
    .setIssuer(change.iss ?? 'buildai')
    .setAudience('platform')
    .setIssuedAt()
    .setExpirationTime(change.exp ?? now() + 3600);
  if (change.nbf !== undefined) jwt.setNotBefore(change.nbf);
  return jwt.sign(createSecretKey(Buffer.from(change.secret ?? SECRET)));
}

describe('access token check', () => {
  it('accepts the tokens the server signs, and one signed alike with its key', async () => {
    const { idToken } = await signAccessToken(server.services.identity.signingKey, subject);
    expect(await verifyAccessToken(server.services.identity.signingKey, idToken)).toEqual(subject);
    expect(await verifyAccessToken(server.services.identity.signingKey, await token())).toEqual(subject);
  });

  it('refuses a token it accepted once its expiry comes, and a token of another server’s key', async () => {
    const key = server.services.identity.signingKey;
    const soon = await token({ exp: now() + 2 });
    expect(await verifyAccessToken(key, soon)).toEqual(subject);
    // a caller's copy: changing it changes nothing the next request gets
    const first = (await verifyAccessToken(key, soon))!;
    first.userId = 'u-2';
    expect(await verifyAccessToken(key, soon)).toEqual(subject);
    vi.useFakeTimers({ now: Date.now() + 3000 });
    try {
      expect(await verifyAccessToken(key, soon)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    // another server (another key) checks the token itself, not this server's verdict
    const other = await startTestServer({ AUTH_SECRET: 'another-secret-of-someone-else-0123456789' });
    try {
      const good = await token();
      expect(await verifyAccessToken(key, good)).toEqual(subject);
      expect(await verifyAccessToken(other.services.identity.signingKey, good)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it.each([
    ['another key', { secret: 'another-secret-of-someone-else-0123456789' }],
    ['another issuer', { iss: 'someone-else' }],
    ['an expiry now', { exp: now() }],
    ['an expiry past', { exp: now() - 60 }],
    ['a not-before to come', { nbf: now() + 600 }],
    ['HS512', { alg: 'HS512' }],
  ])('refuses a token with %s', async (_name, change) => {
    expect(await verifyAccessToken(server.services.identity.signingKey, await token(change))).toBeNull();
  });

  it('refuses a token whose claims were changed after signing, an unsigned one and garbage', async () => {
    const good = await token();
    const [header, body, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'u-2' })).toString('base64url');
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    for (const bad of [
      `${header}.${forged}.${signature}`,
      `${unsigned}.${body}.`,
      `${header}.${body}`,
      `${good}.extra`,
      'not-a-token',
    ])
      expect(await verifyAccessToken(server.services.identity.signingKey, bad)).toBeNull();
  });
});
