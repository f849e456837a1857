// An OpenID Connect provider over real HTTP standing in for Google, so tests exercise the product's real
// sign-in code path (discovery, authorization code flow with PKCE, client authentication, id_token checks
// against the JWKS) without calling the internet. Tokens are RS256 JWTs signed with a key made at start.
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';
import { consentPage, errorPage } from './fake-oidc-page';
import { closeServer, flatHeaders, listen, readBody, sendJson } from './http-helpers';

export interface FakeOidcUser {
  /** Stable subject id; Google's are 21-digit strings. */
  sub: string;
  email: string;
  /** `true` when left out. */
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface FakeOidcOptions {
  /** Defaults to a free port chosen by the system. */
  port?: number;
  /** Defaults to `fake-google-client`. */
  clientId?: string;
  /** Defaults to `fake-google-secret`. */
  clientSecret?: string;
  /** When set, `/authorize` only accepts these exact `redirect_uri`s; by default any absolute URL. */
  redirectUris?: string[];
  /** Show a "Continue as <email>" page instead of redirecting at once; `fake_consent=1|0` on the request wins. */
  consentPage?: boolean;
}

/** A recorded request to the provider (control routes under `/__fake/` are not recorded). */
export interface FakeOidcRecord {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed body when it was `application/x-www-form-urlencoded`. */
  form: Record<string, string> | undefined;
  headers: Record<string, string>;
}

/** Claims merged over the next id_token's; a `null` value removes the claim. */
export type FakeOidcClaimOverrides = Record<string, unknown>;

export interface FakeOidcOverrideOptions {
  /** Sign with a key that is not in the JWKS (same `kid`), so only a signature check catches it. */
  foreignKey?: boolean;
}

export interface FakeOidc {
  /** `http://127.0.0.1:PORT`: the `iss` of every id_token, and the base of `/.well-known/openid-configuration`. */
  readonly issuer: string;
  readonly port: number;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly discoveryUrl: string;
  readonly authorizationEndpoint: string;
  readonly tokenEndpoint: string;
  readonly jwksUri: string;
  readonly userinfoEndpoint: string;
  /** Every request received since start or the last reset, oldest first. */
  readonly requests: readonly FakeOidcRecord[];
  /** Who "signs in" from now on (until changed or reset); a fixed test user by default. */
  setUser(user: FakeOidcUser): void;
  /** The next authorization request is answered with `error=access_denied`, as when the user cancels. */
  denyNext(): void;
  /** Tampers the next id_token issued (wrong `aud`, `nonce`, an `exp` in the past, a foreign signature...). */
  nextIdTokenOverrides(claims: FakeOidcClaimOverrides, options?: FakeOidcOverrideOptions): void;
  /** Turns the consent page on or off for later authorization requests. */
  setConsentPage(enabled: boolean): void;
  /** Forgets requests, codes, tokens and scripting; the user goes back to the default. */
  reset(): void;
  close(): Promise<void>;
}

export const DEFAULT_FAKE_OIDC_USER: Readonly<FakeOidcUser> = Object.freeze({
  sub: '100000000000000000001',
  email: 'test.user@example.com',
  email_verified: true,
  name: 'Test User',
});

export const FAKE_OIDC_CLIENT_ID = 'fake-google-client';
export const FAKE_OIDC_CLIENT_SECRET = 'fake-google-secret';

const CODE_TTL_MS = 10 * 60 * 1000;
const TOKEN_TTL_SECONDS = 3600;
// RFC 7636 §4.1: 43 to 128 unreserved characters (a S256 challenge is always 43).
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

interface AuthorizationRequest {
  clientId: string;
  redirectUri: string;
  state: string | undefined;
  scope: string;
  codeChallenge: string;
  nonce: string | undefined;
}

interface IssuedCode extends AuthorizationRequest {
  user: FakeOidcUser;
  expiresAt: number;
  used: boolean;
  accessToken: string | undefined;
}

interface AccessToken {
  user: FakeOidcUser;
  expiresAt: number;
}

type ClientCheck =
  { ok: true } | { ok: false; status: 400 | 401; error: string; description: string; basic: boolean };

function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function formValue(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

/** RFC 6749 §2.3.1: id and secret are form-encoded before being joined and base64-encoded. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | undefined {
  const match = /^Basic\s+(\S+)$/i.exec(header ?? '');
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { id: formValue(decoded.slice(0, colon)), secret: formValue(decoded.slice(colon + 1)) };
}

function isAbsoluteHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

function isUser(value: unknown): value is FakeOidcUser {
  if (typeof value !== 'object' || value === null) return false;
  const user = value as Record<string, unknown>;
  return (
    typeof user.sub === 'string' &&
    user.sub !== '' &&
    typeof user.email === 'string' &&
    ['undefined', 'boolean'].includes(typeof user.email_verified) &&
    ['undefined', 'string'].includes(typeof user.name) &&
    ['undefined', 'string'].includes(typeof user.picture)
  );
}

function userClaims(user: FakeOidcUser): JWTPayload {
  const claims: JWTPayload = {
    sub: user.sub,
    email: user.email,
    email_verified: user.email_verified ?? true,
  };
  if (user.name !== undefined) claims.name = user.name;
  if (user.picture !== undefined) claims.picture = user.picture;
  return claims;
}

function redirect(res: ServerResponse, target: string, params: Record<string, string | undefined>): void {
  const url = new URL(target);
  for (const [name, value] of Object.entries(params))
    if (value !== undefined) url.searchParams.set(name, value);
  res.writeHead(302, { location: url.toString(), 'cache-control': 'no-store' });
  res.end();
}

function sendHtml(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
  });
  res.end(html);
}

/** RFC 6749 §5.2 error body; token responses are never cached. */
function oauthError(res: ServerResponse, status: number, error: string, description: string): void {
  res.setHeader('cache-control', 'no-store');
  res.setHeader('pragma', 'no-cache');
  sendJson(res, status, { error, error_description: description });
}

type PrivateKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

export async function startFakeOidc(opts: FakeOidcOptions = {}): Promise<FakeOidc> {
  const clientId = opts.clientId ?? FAKE_OIDC_CLIENT_ID;
  const clientSecret = opts.clientSecret ?? FAKE_OIDC_CLIENT_SECRET;

  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true });
  const exported = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(exported);
  const publicJwk: JWK = { ...exported, kid, alg: 'RS256', use: 'sig' };
  let foreignKey: PrivateKey | undefined;

  let records: FakeOidcRecord[] = [];
  let user: FakeOidcUser = { ...DEFAULT_FAKE_OIDC_USER };
  let denyArmed = false;
  let consent = opts.consentPage ?? false;
  let overrides: { claims: FakeOidcClaimOverrides; foreignKey: boolean } | undefined;
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, AccessToken>();
  const pendingConsent = new Map<string, { request: AuthorizationRequest; user: FakeOidcUser }>();

  function reset(): void {
    records = [];
    user = { ...DEFAULT_FAKE_OIDC_USER };
    denyArmed = false;
    consent = opts.consentPage ?? false;
    overrides = undefined;
    codes.clear();
    accessTokens.clear();
    pendingConsent.clear();
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      sendJson(res, 500, { error: 'server_error', error_description: `Fake OIDC failed: ${String(error)}` });
    });
  });
  const port = await listen(server, opts.port);
  const issuer = `http://127.0.0.1:${port}`;
  const endpoints = {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    authorizationEndpoint: `${issuer}/authorize`,
    tokenEndpoint: `${issuer}/token`,
    jwksUri: `${issuer}/jwks`,
    userinfoEndpoint: `${issuer}/userinfo`,
  };

  function discovery() {
    return {
      issuer,
      authorization_endpoint: endpoints.authorizationEndpoint,
      token_endpoint: endpoints.tokenEndpoint,
      userinfo_endpoint: endpoints.userinfoEndpoint,
      jwks_uri: endpoints.jwksUri,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      claims_supported: [
        'aud',
        'email',
        'email_verified',
        'exp',
        'iat',
        'iss',
        'name',
        'nonce',
        'picture',
        'sub',
      ],
      code_challenge_methods_supported: ['S256'],
    };
  }

  function issueCode(res: ServerResponse, request: AuthorizationRequest, signedIn: FakeOidcUser): void {
    const code = randomToken();
    codes.set(code, {
      ...request,
      user: { ...signedIn },
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
      accessToken: undefined,
    });
    redirect(res, request.redirectUri, { code, state: request.state, scope: request.scope });
  }

  function authorize(res: ServerResponse, params: Record<string, string>): void {
    // Without a known client and a usable redirect_uri the error is shown to the user, never redirected.
    if (params.client_id !== clientId) {
      const description = `The OAuth client was not found (client_id ${JSON.stringify(params.client_id ?? '')}).`;
      return sendHtml(res, 401, errorPage('invalid_client', description));
    }
    const redirectUri = params.redirect_uri ?? '';
    if (!isAbsoluteHttpUrl(redirectUri) || (opts.redirectUris && !opts.redirectUris.includes(redirectUri))) {
      const description = `The redirect_uri ${JSON.stringify(redirectUri)} is not registered for this client.`;
      return sendHtml(res, 400, errorPage('redirect_uri_mismatch', description));
    }
    const state = params.state;
    const fail = (error: string, description: string) =>
      redirect(res, redirectUri, { error, error_description: description, state });
    if (params.response_type !== 'code')
      return fail('unsupported_response_type', 'Only response_type=code is supported.');
    const scope = params.scope ?? '';
    if (!scope.split(' ').includes('openid')) return fail('invalid_scope', 'The scope must include openid.');
    if (!params.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE).');
    if (params.code_challenge_method !== 'S256')
      return fail('invalid_request', 'code_challenge_method must be S256.');
    if (!PKCE_VALUE.test(params.code_challenge))
      return fail('invalid_request', 'code_challenge is malformed.');

    const request: AuthorizationRequest = {
      clientId,
      redirectUri,
      state,
      scope,
      codeChallenge: params.code_challenge,
      nonce: params.nonce,
    };
    if (denyArmed) {
      denyArmed = false;
      return fail('access_denied', 'The user denied the request.');
    }
    const showConsent = params.fake_consent === undefined ? consent : params.fake_consent === '1';
    if (!showConsent) return issueCode(res, request, user);
    const requestId = randomToken(16);
    pendingConsent.set(requestId, { request, user: { ...user } });
    sendHtml(res, 200, consentPage({ requestId, clientId, email: user.email, name: user.name }));
  }

  function decide(res: ServerResponse, params: Record<string, string>): void {
    const pending = pendingConsent.get(params.request ?? '');
    if (!pending)
      return sendHtml(res, 400, errorPage('invalid_request', 'Unknown or finished sign-in request.'));
    pendingConsent.delete(params.request!);
    if (params.decision === 'approve') return issueCode(res, pending.request, pending.user);
    redirect(res, pending.request.redirectUri, {
      error: 'access_denied',
      error_description: 'The user denied the request.',
      state: pending.request.state,
    });
  }

  function authenticateClient(req: IncomingMessage, form: Record<string, string>): ClientCheck {
    const basic = basicCredentials(req.headers.authorization);
    const inBody = form.client_secret !== undefined;
    if (req.headers.authorization !== undefined && !basic) {
      return {
        ok: false,
        status: 401,
        error: 'invalid_client',
        description: 'Malformed Basic credentials.',
        basic: true,
      };
    }
    if (basic && inBody) {
      const description = 'Use one client authentication method, not both.';
      return { ok: false, status: 400, error: 'invalid_request', description, basic: false };
    }
    if (basic && form.client_id !== undefined && form.client_id !== basic.id) {
      const description = 'client_id in the body does not match the authenticated client.';
      return { ok: false, status: 400, error: 'invalid_request', description, basic: false };
    }
    const id = basic?.id ?? form.client_id;
    const secret = basic?.secret ?? form.client_secret;
    if (id === undefined || secret === undefined) {
      const description = 'Client authentication is required (client_secret_basic or client_secret_post).';
      return { ok: false, status: 401, error: 'invalid_client', description, basic: false };
    }
    if (id !== clientId || secret !== clientSecret) {
      return {
        ok: false,
        status: 401,
        error: 'invalid_client',
        description: 'Unknown client or bad secret.',
        basic: !!basic,
      };
    }
    return { ok: true };
  }

  async function idToken(issued: IssuedCode, accessToken: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const payload: JWTPayload = {
      iss: issuer,
      azp: clientId,
      aud: clientId,
      ...userClaims(issued.user),
      at_hash: sha256(accessToken).subarray(0, 16).toString('base64url'),
      iat: now,
      exp: now + TOKEN_TTL_SECONDS,
    };
    if (issued.nonce !== undefined) payload.nonce = issued.nonce;
    const tamper = overrides;
    overrides = undefined;
    for (const [claim, value] of Object.entries(tamper?.claims ?? {})) {
      if (value === null) delete payload[claim];
      else payload[claim] = value;
    }
    let key = privateKey;
    if (tamper?.foreignKey) {
      foreignKey ??= (await generateKeyPair('RS256')).privateKey;
      key = foreignKey;
    }
    return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(key);
  }

  async function token(req: IncomingMessage, res: ServerResponse, form: Record<string, string> | undefined) {
    if (!form) {
      return oauthError(res, 400, 'invalid_request', 'The body must be application/x-www-form-urlencoded.');
    }
    const client = authenticateClient(req, form);
    if (!client.ok) {
      if (client.basic) res.setHeader('www-authenticate', 'Basic realm="fake-oidc"');
      return oauthError(res, client.status, client.error, client.description);
    }
    if (form.grant_type !== 'authorization_code') {
      return oauthError(
        res,
        400,
        'unsupported_grant_type',
        'Only grant_type=authorization_code is supported.',
      );
    }
    if (!form.code) return oauthError(res, 400, 'invalid_request', 'code is required.');
    const issued = codes.get(form.code);
    if (!issued || issued.clientId !== clientId) {
      return oauthError(res, 400, 'invalid_grant', 'The authorization code is unknown.');
    }
    if (issued.used) {
      // RFC 6749 §4.1.2: a replayed code revokes what it already bought.
      if (issued.accessToken) accessTokens.delete(issued.accessToken);
      return oauthError(res, 400, 'invalid_grant', 'The authorization code was already used.');
    }
    // Burnt by its first redemption, successful or not, so a verifier cannot be guessed over several tries.
    issued.used = true;
    if (issued.expiresAt < Date.now()) {
      return oauthError(res, 400, 'invalid_grant', 'The authorization code has expired.');
    }
    if (form.redirect_uri !== issued.redirectUri) {
      return oauthError(res, 400, 'invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    if (form.code_verifier === undefined) {
      return oauthError(res, 400, 'invalid_request', 'code_verifier is required (PKCE).');
    }
    if (
      !PKCE_VALUE.test(form.code_verifier) ||
      sha256(form.code_verifier).toString('base64url') !== issued.codeChallenge
    ) {
      return oauthError(res, 400, 'invalid_grant', 'code_verifier does not match the code_challenge.');
    }
    const accessToken = randomToken();
    issued.accessToken = accessToken;
    accessTokens.set(accessToken, { user: issued.user, expiresAt: Date.now() + TOKEN_TTL_SECONDS * 1000 });
    const body = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: TOKEN_TTL_SECONDS,
      id_token: await idToken(issued, accessToken),
      scope: issued.scope,
    };
    res.setHeader('cache-control', 'no-store');
    res.setHeader('pragma', 'no-cache');
    sendJson(res, 200, body);
  }

  function userinfo(req: IncomingMessage, res: ServerResponse): void {
    const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
    const granted = match ? accessTokens.get(match[1]!) : undefined;
    if (!granted || granted.expiresAt < Date.now()) {
      const error = match ? 'error="invalid_token"' : 'realm="fake-oidc"';
      res.setHeader('www-authenticate', `Bearer ${error}`);
      return sendJson(res, 401, {
        error: 'invalid_token',
        error_description: 'Missing or invalid access token.',
      });
    }
    sendJson(res, 200, userClaims(granted.user));
  }

  // Lets another process (e2e) script the fake without sharing memory; see fake-oidc-control.ts.
  function control(req: IncomingMessage, res: ServerResponse, path: string, body: unknown): void {
    const route = `${req.method} ${path}`;
    if (route === 'POST /__fake/user') {
      if (!isUser(body))
        return sendJson(res, 400, { error: 'expected { sub, email, email_verified?, name?, picture? }' });
      user = { ...body };
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /__fake/deny') {
      denyArmed = true;
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /__fake/id-token-overrides') {
      const { claims, foreignKey } = (body ?? {}) as { claims?: unknown; foreignKey?: unknown };
      if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
        return sendJson(res, 400, { error: 'expected { claims: {...}, foreignKey?: boolean }' });
      overrides = { claims: claims as FakeOidcClaimOverrides, foreignKey: foreignKey === true };
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /__fake/consent-page') {
      const { enabled } = (body ?? {}) as { enabled?: unknown };
      if (typeof enabled !== 'boolean') return sendJson(res, 400, { error: 'expected { enabled: boolean }' });
      consent = enabled;
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'POST /__fake/reset') {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (route === 'GET /__fake/requests') return sendJson(res, 200, records);
    sendJson(res, 404, { error: `unknown control route ${route}` });
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', issuer);
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const text = await readBody(req);
    const isForm = (req.headers['content-type'] ?? '')
      .toLowerCase()
      .startsWith('application/x-www-form-urlencoded');
    const form = isForm ? Object.fromEntries(new URLSearchParams(text)) : undefined;
    const query = Object.fromEntries(url.searchParams);

    if (path.startsWith('/__fake/')) {
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : undefined;
      } catch {
        return sendJson(res, 400, { error: 'invalid JSON body' });
      }
      return control(req, res, path, body);
    }
    records.push({ method, path, query, form, headers: flatHeaders(req) });

    const route = `${method} ${path}`;
    if (route === 'GET /.well-known/openid-configuration') return sendJson(res, 200, discovery());
    if (route === 'GET /jwks') return sendJson(res, 200, { keys: [publicJwk] });
    if (route === 'GET /authorize') return authorize(res, query);
    if (route === 'POST /authorize') return authorize(res, form ?? {});
    if (route === 'GET /authorize/decision') return decide(res, query);
    if (route === 'POST /authorize/decision') return decide(res, form ?? {});
    if (route === 'POST /token') return token(req, res, form);
    if (route === 'GET /userinfo' || route === 'POST /userinfo') return userinfo(req, res);
    if (path === '/token') {
      res.setHeader('allow', 'POST');
      return oauthError(res, 405, 'invalid_request', 'The token endpoint only accepts POST.');
    }
    sendJson(res, 404, { error: 'not_found', error_description: `No route ${route}` });
  }

  return {
    issuer,
    port,
    clientId,
    clientSecret,
    ...endpoints,
    get requests() {
      return records;
    },
    setUser(next) {
      user = { ...next };
    },
    denyNext() {
      denyArmed = true;
    },
    nextIdTokenOverrides(claims, options = {}) {
      overrides = { claims: { ...claims }, foreignKey: options.foreignKey ?? false };
    },
    setConsentPage(enabled) {
      consent = enabled;
    },
    reset,
    close: () => closeServer(server),
  };
}
