// The authorization code flow with PKCE, driven the way the product drives it: arctic's generic OAuth2Client
// builds the authorization URL and redeems the code, jose verifies the id_token against the published JWKS.
import {
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2RequestError,
  type OAuth2Tokens,
} from 'arctic';
import { createRemoteJWKSet, decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_FAKE_OIDC_USER, type FakeOidc, startFakeOidc } from './fake-oidc';

const REDIRECT_URI = 'http://127.0.0.1:5173/api/live_api/auth/google/callback';

let oidc: FakeOidc;
let client: OAuth2Client;

beforeAll(async () => {
  oidc = await startFakeOidc();
  client = new OAuth2Client(oidc.clientId, oidc.clientSecret, REDIRECT_URI);
});
beforeEach(() => oidc.reset());
afterAll(() => oidc.close());

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  userinfo_endpoint: string;
}

async function discover(): Promise<Discovery> {
  const response = await fetch(`${oidc.issuer}/.well-known/openid-configuration`);
  expect(response.status).toBe(200);
  return (await response.json()) as Discovery;
}

/** Runs /authorize as a browser would (without following the redirect) and returns the callback URL. */
async function signIn(options: { client?: OAuth2Client } = {}) {
  const discovery = await discover();
  const state = generateState();
  const verifier = generateCodeVerifier();
  const nonce = generateState();
  const url = (options.client ?? client).createAuthorizationURLWithPKCE(
    discovery.authorization_endpoint,
    state,
    CodeChallengeMethod.S256,
    verifier,
    ['openid', 'email', 'profile'],
  );
  url.searchParams.set('nonce', nonce);
  const response = await fetch(url, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const callback = new URL(response.headers.get('location')!);
  return { discovery, state, verifier, nonce, callback, code: callback.searchParams.get('code') ?? '' };
}

function verify(idToken: string, discovery: Discovery) {
  return jwtVerify(idToken, createRemoteJWKSet(new URL(discovery.jwks_uri)), {
    issuer: discovery.issuer,
    audience: oidc.clientId,
  });
}

async function refusal(promise: Promise<OAuth2Tokens>): Promise<OAuth2RequestError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(OAuth2RequestError);
  return error as OAuth2RequestError;
}

describe('fake OIDC provider: code flow with PKCE', () => {
  it('signs the scripted user in and issues an id_token that verifies against the JWKS', async () => {
    oidc.setUser({ sub: '42', email: 'ada@example.com', name: 'Ada Lovelace' });
    const { discovery, state, verifier, nonce, callback, code } = await signIn();
    expect(discovery).toMatchObject({
      issuer: oidc.issuer,
      authorization_endpoint: `${oidc.issuer}/authorize`,
      token_endpoint: `${oidc.issuer}/token`,
      jwks_uri: `${oidc.issuer}/jwks`,
      userinfo_endpoint: `${oidc.issuer}/userinfo`,
      response_types_supported: ['code'],
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    expect(callback.searchParams.get('state')).toBe(state);
    expect(code).not.toBe('');

    const tokens = await client.validateAuthorizationCode(discovery.token_endpoint, code, verifier);
    expect(tokens.tokenType()).toBe('Bearer');
    expect(tokens.accessTokenExpiresInSeconds()).toBe(3600);
    expect(tokens.scopes()).toEqual(['openid', 'email', 'profile']);

    const { payload, protectedHeader } = await verify(tokens.idToken(), discovery);
    expect(protectedHeader).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(protectedHeader.kid).toEqual(expect.any(String));
    expect(payload).toMatchObject({
      iss: oidc.issuer,
      aud: oidc.clientId,
      sub: '42',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      nonce,
    });
    expect(payload.exp! - payload.iat!).toBe(3600);

    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(await userinfo.json()).toEqual({
      sub: '42',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
    });

    const token = oidc.requests.find((request) => request.path === '/token')!;
    expect(token.method).toBe('POST');
    expect(token.headers.authorization).toMatch(/^Basic /);
    expect(token.form).toMatchObject({ grant_type: 'authorization_code', code, code_verifier: verifier });
    const authorize = oidc.requests.find((request) => request.path === '/authorize')!;
    expect(authorize.query).toMatchObject({ client_id: oidc.clientId, redirect_uri: REDIRECT_URI, nonce });
  });

  it('signs in the default test user when none is scripted', async () => {
    const { discovery, verifier, code } = await signIn();
    const tokens = await client.validateAuthorizationCode(discovery.token_endpoint, code, verifier);
    const { payload } = await verify(tokens.idToken(), discovery);
    expect(payload).toMatchObject({ ...DEFAULT_FAKE_OIDC_USER });
  });

  it('refuses a wrong code_verifier', async () => {
    const { discovery, code } = await signIn();
    const error = await refusal(
      client.validateAuthorizationCode(discovery.token_endpoint, code, generateCodeVerifier()),
    );
    expect(error.code).toBe('invalid_grant');
    expect(error.description).toMatch(/code_verifier/);
  });

  it('refuses a code redeemed twice, and revokes what the first redemption bought', async () => {
    const { discovery, code, verifier } = await signIn();
    const tokens = await client.validateAuthorizationCode(discovery.token_endpoint, code, verifier);
    const error = await refusal(client.validateAuthorizationCode(discovery.token_endpoint, code, verifier));
    expect(error.code).toBe('invalid_grant');
    expect(error.description).toMatch(/already used/);
    const userinfo = await fetch(discovery.userinfo_endpoint, {
      headers: { authorization: `Bearer ${tokens.accessToken()}` },
    });
    expect(userinfo.status).toBe(401);
  });

  it('refuses a wrong client secret with 401 invalid_client', async () => {
    const { discovery, code, verifier } = await signIn();
    const impostor = new OAuth2Client(oidc.clientId, 'not-the-secret', REDIRECT_URI);
    const response = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${oidc.clientId}:not-the-secret`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        code_verifier: verifier,
      }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await response.json()).toMatchObject({ error: 'invalid_client' });
    const error = await refusal(impostor.validateAuthorizationCode(discovery.token_endpoint, code, verifier));
    expect(error.code).toBe('invalid_client');
    // The client was never authenticated, so the code is still good for the real one.
    await expect(
      client.validateAuthorizationCode(discovery.token_endpoint, code, verifier),
    ).resolves.toBeDefined();
  });

  it('refuses a redirect_uri that differs from the authorization request', async () => {
    const { discovery, code, verifier } = await signIn();
    const elsewhere = new OAuth2Client(
      oidc.clientId,
      oidc.clientSecret,
      'http://127.0.0.1:5173/other/callback',
    );
    const error = await refusal(
      elsewhere.validateAuthorizationCode(discovery.token_endpoint, code, verifier),
    );
    expect(error.code).toBe('invalid_grant');
    expect(error.description).toMatch(/redirect_uri/);
  });

  it('accepts client_secret_post and refuses a missing verifier or an unknown grant type', async () => {
    const { discovery, code, verifier } = await signIn();
    const post = (fields: Record<string, string>) =>
      fetch(discovery.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ client_id: oidc.clientId, client_secret: oidc.clientSecret, ...fields }),
      });
    const noGrant = await post({ grant_type: 'refresh_token', refresh_token: 'x' });
    expect(noGrant.status).toBe(400);
    expect(await noGrant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const ok = await post({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: verifier,
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    expect(await ok.json()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      id_token: expect.any(String),
    });

    const second = await signIn();
    const missing = await post({
      grant_type: 'authorization_code',
      code: second.code,
      redirect_uri: REDIRECT_URI,
    });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ error: 'invalid_request' });
    const anonymous = await fetch(discovery.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: second.code }),
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('denyNext answers the next authorization with access_denied, then signs in again', async () => {
    oidc.denyNext();
    const denied = await signIn();
    expect(denied.callback.searchParams.get('error')).toBe('access_denied');
    expect(denied.callback.searchParams.get('state')).toBe(denied.state);
    expect(denied.callback.searchParams.has('code')).toBe(false);
    const next = await signIn();
    expect(next.code).not.toBe('');
  });
});

describe('fake OIDC provider: tampered id_tokens', () => {
  async function tamperedToken(): Promise<{ idToken: string; discovery: Discovery; nonce: string }> {
    const { discovery, code, verifier, nonce } = await signIn();
    const tokens = await client.validateAuthorizationCode(discovery.token_endpoint, code, verifier);
    return { idToken: tokens.idToken(), discovery, nonce };
  }

  it('a wrong audience is refused by the verifier', async () => {
    oidc.nextIdTokenOverrides({ aud: 'someone-else' });
    const { idToken, discovery } = await tamperedToken();
    await expect(verify(idToken, discovery)).rejects.toThrow(errors.JWTClaimValidationFailed);
  });

  it('a wrong issuer is refused by the verifier', async () => {
    oidc.nextIdTokenOverrides({ iss: 'https://accounts.google.com' });
    const { idToken, discovery } = await tamperedToken();
    await expect(verify(idToken, discovery)).rejects.toThrow(/"iss" claim/);
  });

  it('an expired token is refused by the verifier', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    oidc.nextIdTokenOverrides({ iat: past - 3600, exp: past });
    const { idToken, discovery } = await tamperedToken();
    await expect(verify(idToken, discovery)).rejects.toThrow(errors.JWTExpired);
  });

  it('a signature by a key outside the JWKS is refused, even under the published kid', async () => {
    oidc.nextIdTokenOverrides({}, { foreignKey: true });
    const { idToken, discovery } = await tamperedToken();
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid: string }[] };
    expect(decodeProtectedHeader(idToken).kid).toBe(jwks.keys[0]!.kid);
    await expect(verify(idToken, discovery)).rejects.toThrow(errors.JWSSignatureVerificationFailed);
  });

  it('a wrong or missing nonce verifies but does not match the one sent', async () => {
    oidc.nextIdTokenOverrides({ nonce: 'replayed' });
    const wrong = await tamperedToken();
    expect((await verify(wrong.idToken, wrong.discovery)).payload.nonce).not.toBe(wrong.nonce);

    oidc.nextIdTokenOverrides({ nonce: null, email_verified: false });
    const missing = await tamperedToken();
    const { payload } = await verify(missing.idToken, missing.discovery);
    expect(payload).not.toHaveProperty('nonce');
    expect(payload.email_verified).toBe(false);
  });

  it('tampers only the next token', async () => {
    oidc.nextIdTokenOverrides({ aud: 'someone-else' });
    await tamperedToken();
    const { idToken, discovery, nonce } = await tamperedToken();
    expect((await verify(idToken, discovery)).payload.nonce).toBe(nonce);
  });
});
