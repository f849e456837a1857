import { randomBytes } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '@buildai/domain';
import type { Ctx } from '../../http/context';
import type { Platform } from '../../platform';
import { publicBaseUrl } from './links';
import { issueCustomToken } from './issue-custom-token';
import { googleConfigured, resolveTenant } from './tenants';
import type { IdentityServices } from './services';
import { findOrCreateUser, findUser, markVerified, normaliseEmail } from './users';

const STATE_COOKIE = 'buildai_google';
const COOKIE_PATH = '/api/live_api/auth/google';
const STATE_LIFETIME_SEC = 10 * 60;
export const GOOGLE_CALLBACK_PATH = '/api/live_api/auth/google/callback';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
}

interface Provider {
  discovery: Discovery;
  jwks: JWTVerifyGetKey;
  client: OAuth2Client;
}

/**
 * The OpenID provider of GOOGLE_ISSUER for one server (built once by `createServices`): its discovery document,
 * read once, and its keys and client, made once (a failure is retried on the next call). Sign-in and the Google
 * Drive import both use it.
 */
export class OpenIdProvider {
  private discovered: Promise<Discovery> | undefined;
  private made: Promise<Provider> | undefined;

  constructor(private readonly platform: Platform) {}

  discovery(): Promise<Discovery> {
    if (!this.discovered) {
      const found = (async () => {
        const issuer = this.platform.config.GOOGLE_ISSUER.replace(/\/+$/, '');
        const res = await fetch(`${issuer}/.well-known/openid-configuration`, {
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`OpenID discovery answered ${res.status}`);
        return (await res.json()) as Discovery;
      })();
      found.catch(() => {
        if (this.discovered === found) this.discovered = undefined;
      });
      this.discovered = found;
    }
    return this.discovered;
  }

  /** The provider's endpoints, keys and client. */
  provider(): Promise<Provider> {
    if (!this.made) {
      const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET } = this.platform.config;
      const made = (async () => {
        const discovery = await this.discovery();
        return {
          discovery,
          jwks: createRemoteJWKSet(new URL(discovery.jwks_uri)),
          client: new OAuth2Client(
            GOOGLE_CLIENT_ID!,
            GOOGLE_CLIENT_SECRET!,
            `${publicBaseUrl(this.platform)}${GOOGLE_CALLBACK_PATH}`,
          ),
        };
      })();
      made.catch(() => {
        if (this.made === made) this.made = undefined;
      });
      this.made = made;
    }
    return this.made;
  }
}

interface PendingSignIn {
  state: string;
  verifier: string;
  nonce: string;
  appId: string | null;
}

const secure = (platform: Platform) => publicBaseUrl(platform).startsWith('https:');

/** `GET auth/google/start?appId=`: to the provider, with PKCE, state and nonce kept in a signed cookie. */
export async function startGoogle(
  c: Ctx,
  { signingKey, openId }: IdentityServices,
  appId: string | undefined,
): Promise<Response> {
  const platform = c.get('platform');
  if (!googleConfigured(platform)) throw new AppError('auth/google-not-configured');
  const tenant = await resolveTenant(platform, appId);
  const { discovery, client } = await openId.provider().catch((err: unknown) => {
    platform.logger.error({ err }, 'Google sign-in: the provider could not be reached');
    throw new AppError('auth/google-failed');
  });
  const pending: PendingSignIn = {
    state: generateState(),
    verifier: generateCodeVerifier(),
    nonce: randomBytes(16).toString('base64url'),
    appId: tenant.appId,
  };
  const url = client.createAuthorizationURLWithPKCE(
    discovery.authorization_endpoint,
    pending.state,
    CodeChallengeMethod.S256,
    pending.verifier,
    ['openid', 'email', 'profile'],
  );
  url.searchParams.set('nonce', pending.nonce);
  url.searchParams.set('prompt', 'select_account');
  await setSignedCookie(
    c,
    STATE_COOKIE,
    Buffer.from(JSON.stringify(pending)).toString('base64url'),
    await signingKey.bytes(),
    {
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(platform),
      path: COOKIE_PATH,
      maxAge: STATE_LIFETIME_SEC,
    },
  );
  return c.redirect(url.toString(), 302);
}

/** The page the popup ends on: it tells the opener (our own origin only) and closes. */
function popupPage(c: Ctx, message: Record<string, unknown>): Response {
  const nonce = randomBytes(16).toString('base64');
  const payload = JSON.stringify({ type: 'buildai:google', ...message }).replace(/</g, '\\u003c');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Signing in…</title></head><body style="font-family:system-ui,sans-serif;padding:24px"><p>You can close this window.</p><script nonce="${nonce}">(function(){var m=${payload};if(window.opener){window.opener.postMessage(m,window.location.origin);window.close();}else{window.location.replace('/login');}})();</script></body></html>`;
  return c.html(html, 200, {
    'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
}

/** `GET auth/google/callback?code&state`: checks state, PKCE and the id token, then hands a custom token over. */
export async function googleCallback(c: Ctx, { signingKey, openId }: IdentityServices): Promise<Response> {
  const platform = c.get('platform');
  const failed = (reason: string, err?: unknown) => {
    platform.logger.warn({ err, reason }, 'Google sign-in failed');
    return popupPage(c, { error: new AppError('auth/google-failed').message });
  };
  if (!googleConfigured(platform)) return failed('not configured');
  const raw = await getSignedCookie(c, await signingKey.bytes(), STATE_COOKIE);
  deleteCookie(c, STATE_COOKIE, { path: COOKIE_PATH, secure: secure(platform) });
  if (c.req.query('error')) return popupPage(c, { cancelled: true });
  let pending: PendingSignIn;
  try {
    pending = JSON.parse(Buffer.from(raw || '', 'base64url').toString()) as PendingSignIn;
  } catch {
    return failed('no sign-in in progress');
  }
  const code = c.req.query('code');
  if (!code || !pending.state || c.req.query('state') !== pending.state) return failed('state mismatch');
  try {
    const { discovery, client, jwks } = await openId.provider();
    const tokens = await client.validateAuthorizationCode(discovery.token_endpoint, code, pending.verifier);
    const { payload } = await jwtVerify(tokens.idToken(), jwks, {
      issuer: discovery.issuer,
      audience: platform.config.GOOGLE_CLIENT_ID!,
    });
    if (payload.nonce !== pending.nonce) return failed('nonce mismatch');
    const email = typeof payload.email === 'string' ? normaliseEmail(payload.email) : null;
    if (!email || payload.email_verified !== true) return failed('no verified email');
    const tenant = await resolveTenant(platform, pending.appId);
    const existing = await findUser(platform, tenant.tenantId, email);
    if (!existing && !tenant.signUpEnabled)
      return popupPage(c, { error: new AppError('auth/tenant-required').message });
    const user = await markVerified(
      platform,
      existing ?? (await findOrCreateUser({ platform, tenantId: tenant.tenantId, email, verified: true })),
    );
    if (user.disabledAt) return popupPage(c, { error: new AppError('auth/user-disabled').message });
    return popupPage(c, { ...(await issueCustomToken(platform, signingKey, user)) });
  } catch (err) {
    return failed('exchange or verification failed', err);
  }
}
