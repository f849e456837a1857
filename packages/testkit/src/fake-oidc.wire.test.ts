// The fake OpenID provider's edges: authorization request checks, the consent page a browser test clicks,
// the control API an e2e suite scripts it with, and the CLI.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeOidc, startFakeOidc } from './fake-oidc';
import { fakeOidcControl } from './fake-oidc-control';

const REDIRECT_URI = 'http://127.0.0.1:5173/callback';
const VERIFIER = 'v'.repeat(43);
const CHALLENGE = createHash('sha256').update(VERIFIER).digest('base64url');

let oidc: FakeOidc;

beforeAll(async () => {
  oidc = await startFakeOidc();
});
beforeEach(() => oidc.reset());
afterAll(() => oidc.close());

function authorizeUrl(issuer: string, overrides: Record<string, string | null> = {}): URL {
  const url = new URL(`${issuer}/authorize`);
  const params: Record<string, string | null> = {
    response_type: 'code',
    client_id: 'fake-google-client',
    redirect_uri: REDIRECT_URI,
    scope: 'openid email',
    state: 'st',
    code_challenge: CHALLENGE,
    code_challenge_method: 'S256',
    nonce: 'n-1',
    ...overrides,
  };
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url;
}

async function authorize(overrides: Record<string, string | null> = {}, issuer = oidc.issuer) {
  const response = await fetch(authorizeUrl(issuer, overrides), { redirect: 'manual' });
  const location = response.headers.get('location');
  return { response, callback: location ? new URL(location) : undefined };
}

async function redeem(code: string, issuer = oidc.issuer) {
  const response = await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      code_verifier: VERIFIER,
      client_id: 'fake-google-client',
      client_secret: 'fake-google-secret',
    }),
  });
  return { status: response.status, body: (await response.json()) as { id_token: string; error?: string } };
}

describe('fake OIDC provider: authorization request checks', () => {
  it('shows an error page, without redirecting, for an unknown client or a bad redirect_uri', async () => {
    const unknown = await authorize({ client_id: 'nobody' });
    expect(unknown.response.status).toBe(401);
    expect(unknown.callback).toBeUndefined();
    expect(await unknown.response.text()).toContain('invalid_client');

    const missing = await authorize({ redirect_uri: null });
    expect(missing.response.status).toBe(400);
    expect(await missing.response.text()).toContain('redirect_uri_mismatch');
  });

  it('only accepts registered redirect URIs when given a list', async () => {
    const strict = await startFakeOidc({ redirectUris: [REDIRECT_URI] });
    try {
      expect((await authorize({}, strict.issuer)).response.status).toBe(302);
      const other = await authorize({ redirect_uri: 'http://127.0.0.1:5173/evil' }, strict.issuer);
      expect(other.response.status).toBe(400);
    } finally {
      await strict.close();
    }
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ scope: 'email profile' }, 'invalid_scope'],
    [{ code_challenge: null }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge_method: null }, 'invalid_request'],
    [{ code_challenge: 'short' }, 'invalid_request'],
  ])('redirects %o back with %s', async (overrides, error) => {
    const { response, callback } = await authorize(overrides);
    expect(response.status).toBe(302);
    expect(callback!.searchParams.get('error')).toBe(error);
    expect(callback!.searchParams.get('error_description')).toEqual(expect.any(String));
    expect(callback!.searchParams.get('state')).toBe('st');
  });

  it('keeps the query of the redirect_uri and leaves state out when none was sent', async () => {
    const { callback } = await authorize({ redirect_uri: `${REDIRECT_URI}?tenant=a`, state: null });
    expect(callback!.searchParams.get('tenant')).toBe('a');
    expect(callback!.searchParams.has('state')).toBe(false);
    expect(callback!.searchParams.get('code')).toEqual(expect.any(String));
  });

  it('answers userinfo without a valid token with 401', async () => {
    const none = await fetch(oidc.userinfoEndpoint);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const bad = await fetch(oidc.userinfoEndpoint, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
  });
});

describe('fake OIDC provider: consent page', () => {
  async function consent(overrides: Record<string, string | null> = {}) {
    const { response } = await authorize(overrides);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const requestId = /name="request" value="([^"]+)"/.exec(html)?.[1];
    expect(requestId).toEqual(expect.any(String));
    return { html, requestId: requestId! };
  }

  function decide(requestId: string, decision: 'approve' | 'deny', method: 'GET' | 'POST' = 'POST') {
    const params = new URLSearchParams({ request: requestId, decision });
    if (method === 'GET') return fetch(`${oidc.issuer}/authorize/decision?${params}`, { redirect: 'manual' });
    return fetch(`${oidc.issuer}/authorize/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: params,
      redirect: 'manual',
    });
  }

  it('offers "Continue as <email>" and redirects with a code once approved', async () => {
    oidc.setConsentPage(true);
    oidc.setUser({ sub: '7', email: 'grace@example.com', name: 'Grace <Hopper>' });
    const { html, requestId } = await consent();
    expect(html).toContain('Continue as grace@example.com');
    expect(html).toContain('Grace &lt;Hopper&gt;');
    const approved = await decide(requestId, 'approve');
    expect(approved.status).toBe(302);
    const callback = new URL(approved.headers.get('location')!);
    expect(callback.searchParams.get('state')).toBe('st');
    const { body } = await redeem(callback.searchParams.get('code')!);
    expect(decodeJwt(body.id_token)).toMatchObject({ sub: '7', email: 'grace@example.com', nonce: 'n-1' });
    // A decision is single use.
    expect((await decide(requestId, 'approve')).status).toBe(400);
  });

  it('redirects with access_denied on Cancel, and takes the decision by GET too', async () => {
    const { requestId } = await consent({ fake_consent: '1' });
    const denied = await decide(requestId, 'deny', 'GET');
    expect(denied.status).toBe(302);
    const callback = new URL(denied.headers.get('location')!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st');
  });

  it('is on from the start with consentPage, and fake_consent=0 skips it', async () => {
    const interactive = await startFakeOidc({ consentPage: true });
    try {
      const page = await authorize({}, interactive.issuer);
      expect(page.response.status).toBe(200);
      const skipped = await authorize({ fake_consent: '0' }, interactive.issuer);
      expect(skipped.response.status).toBe(302);
      expect(skipped.callback!.searchParams.get('code')).toEqual(expect.any(String));
    } finally {
      await interactive.close();
    }
  });
});

describe('fake OIDC provider: control API and CLI', () => {
  it('is scripted over HTTP', async () => {
    const control = fakeOidcControl(oidc.issuer);
    await control.setUser({ sub: '9', email: 'linus@example.com', email_verified: false });
    const first = await authorize();
    const { body } = await redeem(first.callback!.searchParams.get('code')!);
    expect(decodeJwt(body.id_token)).toMatchObject({
      sub: '9',
      email: 'linus@example.com',
      email_verified: false,
    });

    await control.nextIdTokenOverrides({ aud: 'other', name: null });
    const second = await redeem((await authorize()).callback!.searchParams.get('code')!);
    const claims = decodeJwt(second.body.id_token);
    expect(claims.aud).toBe('other');
    expect(claims).not.toHaveProperty('name');

    await control.denyNext();
    expect((await authorize()).callback!.searchParams.get('error')).toBe('access_denied');

    await control.setConsentPage(true);
    expect((await authorize()).response.status).toBe(200);

    const requests = await control.requests();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /authorize',
      'POST /token',
      'GET /authorize',
      'POST /token',
      'GET /authorize',
      'GET /authorize',
    ]);
    await control.reset();
    expect(await control.requests()).toEqual([]);
    expect((await authorize()).response.status).toBe(302);

    await expect(control.setUser({ sub: '', email: 'x' })).rejects.toThrow(/400/);
  });

  it('runs as a CLI that prints its issuer and client', async () => {
    const cli = fileURLToPath(new URL('./fake-oidc-cli.ts', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--client-secret', 's3cret'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const [line] = (await once(createInterface({ input: child.stdout }), 'line')) as [string];
      const printed = JSON.parse(line) as { issuer: string; clientId: string; clientSecret: string };
      expect(printed).toEqual({
        issuer: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        clientId: 'fake-google-client',
        clientSecret: 's3cret',
      });
      await fakeOidcControl(printed.issuer).denyNext();
      const { callback } = await authorize({}, printed.issuer);
      expect(callback!.searchParams.get('error')).toBe('access_denied');
      const discovery = await fetch(`${printed.issuer}/.well-known/openid-configuration`);
      expect(await discovery.json()).toMatchObject({ issuer: printed.issuer });
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });
});
