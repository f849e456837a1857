import { createSecretKey, randomBytes } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, type OAuth2Tokens } from 'arctic';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '@buildai/domain';
import type { Ctx } from '../../http/context';
import type { Platform } from '../../platform';
import { publicBaseUrl, type OpenIdProvider, type SigningKey } from '../identity';
import type { IntegrationServices } from './services';
import { saveConnection, type Connection, type IntegrationProvider } from './connections';

const STATE_AUDIENCE = 'buildai:integration-state';
const STATE_LIFETIME_SEC = 10 * 60;
const COOKIE_PATH = '/api/integrations';
export const GOOGLE_DRIVE_SCOPE = 'https://www.googleapis.com/auth/drive.readonly';

export function notionConfigured(platform: Platform): boolean {
  return Boolean(platform.config.NOTION_CLIENT_ID && platform.config.NOTION_CLIENT_SECRET);
}
export function googleDriveConfigured(platform: Platform): boolean {
  return Boolean(platform.config.GOOGLE_CLIENT_ID && platform.config.GOOGLE_CLIENT_SECRET);
}
export function providerConfigured(platform: Platform, provider: IntegrationProvider): boolean {
  return provider === 'notion' ? notionConfigured(platform) : googleDriveConfigured(platform);
}

export const callbackPath = (provider: IntegrationProvider) => `/api/integrations/${provider}/callback`;
const cookieName = (provider: IntegrationProvider) => `buildai_integration_${provider.replace('-', '_')}`;
const trimSlash = (url: string) => url.replace(/\/+$/, '');

interface Endpoints {
  authorization: string;
  token: string;
}

export async function endpointsOf(
  platform: Platform,
  openId: OpenIdProvider,
  provider: IntegrationProvider,
): Promise<Endpoints> {
  if (provider === 'google-drive') {
    const doc = await openId.discovery();
    return { authorization: doc.authorization_endpoint, token: doc.token_endpoint };
  }
  const base = trimSlash(platform.config.NOTION_API_URL);
  return { authorization: `${base}/v1/oauth/authorize`, token: `${base}/v1/oauth/token` };
}

export function clientOf(platform: Platform, provider: IntegrationProvider): OAuth2Client {
  const redirect = `${publicBaseUrl(platform)}${callbackPath(provider)}`;
  const { config } = platform;
  return provider === 'notion'
    ? new OAuth2Client(config.NOTION_CLIENT_ID!, config.NOTION_CLIENT_SECRET!, redirect)
    : new OAuth2Client(config.GOOGLE_CLIENT_ID!, config.GOOGLE_CLIENT_SECRET!, redirect);
}

async function stateKey(signingKey: SigningKey) {
  return createSecretKey(await signingKey.bytes());
}

interface PendingConnect {
  nonce: string;
  verifier: string;
}

const secure = (platform: Platform) => publicBaseUrl(platform).startsWith('https:');

/**
 * The provider's authorization URL for this builder. The state is a signed token naming the account, the provider
 * and a nonce; the nonce and the PKCE verifier stay in a signed cookie, so only the browser that started can finish.
 */
export async function startConnect(
  c: Ctx,
  services: IntegrationServices,
  provider: IntegrationProvider,
  accountId: string,
  appId: string,
): Promise<string> {
  const platform = c.get('platform');
  const endpoints = await endpointsOf(platform, services.openId, provider).catch((err: unknown) => {
    platform.logger.error({ err, provider }, 'integration: the provider could not be reached');
    throw new AppError('internal');
  });
  const pending: PendingConnect = {
    nonce: randomBytes(16).toString('base64url'),
    verifier: generateCodeVerifier(),
  };
  const state = await new SignJWT({ prv: provider, app: appId, n: pending.nonce })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(accountId)
    .setAudience(STATE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${STATE_LIFETIME_SEC}s`)
    .sign(await stateKey(services.signingKey));
  const client = clientOf(platform, provider);
  let url: URL;
  if (provider === 'notion') {
    url = client.createAuthorizationURL(endpoints.authorization, state, []);
    url.searchParams.set('owner', 'user');
  } else {
    url = client.createAuthorizationURLWithPKCE(
      endpoints.authorization,
      state,
      CodeChallengeMethod.S256,
      pending.verifier,
      [GOOGLE_DRIVE_SCOPE],
    );
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
  }
  await setSignedCookie(
    c,
    cookieName(provider),
    Buffer.from(JSON.stringify(pending)).toString('base64url'),
    await services.signingKey.bytes(),
    {
      httpOnly: true,
      sameSite: 'Lax',
      secure: secure(platform),
      path: COOKIE_PATH,
      maxAge: STATE_LIFETIME_SEC,
    },
  );
  return url.toString();
}

/** The page the popup ends on: it tells the opener (our own origin only) and closes. */
function popupPage(c: Ctx, message: Record<string, unknown>, status: 200 | 400 = 200): Response {
  const nonce = randomBytes(16).toString('base64');
  const payload = JSON.stringify({ type: 'buildai:integration', ...message }).replace(/</g, '\\u003c');
  const html = `<!doctype html><html><head><meta charset="utf-8"><title>Connecting…</title></head><body style="font-family:system-ui,sans-serif;padding:24px"><p>You can close this window.</p><script nonce="${nonce}">(function(){var m=${payload};if(window.opener){window.opener.postMessage(m,window.location.origin);window.close();}})();</script></body></html>`;
  return c.html(html, status, {
    'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'`,
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
  });
}

export function connectionFromTokens(tokens: OAuth2Tokens, previous?: Connection): Connection {
  const data = tokens.data as { workspace_name?: unknown; expires_in?: unknown };
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : previous?.refreshToken,
    expiresAt: typeof data.expires_in === 'number' ? Date.now() + data.expires_in * 1000 : undefined,
    workspaceName: typeof data.workspace_name === 'string' ? data.workspace_name : previous?.workspaceName,
    connectedAt: previous?.connectedAt ?? new Date().toISOString(),
  };
}

/** The provider's answer on the callback, as the route validated it. */
export interface CallbackQuery {
  code?: string;
  state?: string;
  error?: string;
}

/** `GET /api/integrations/{provider}/callback?code&state`: checks state and cookie, trades the code, stores it. */
export async function finishConnect(
  c: Ctx,
  {
    services,
    provider,
    query,
  }: { services: IntegrationServices; provider: IntegrationProvider; query: CallbackQuery },
): Promise<Response> {
  const platform = c.get('platform');
  const failed = (reason: string, err?: unknown) => {
    platform.logger.warn({ err, reason, provider }, 'integration connection failed');
    return popupPage(c, { provider, error: 'The connection failed, try again later' }, 400);
  };
  if (!providerConfigured(platform, provider)) return failed('not configured');
  const raw = await getSignedCookie(c, await services.signingKey.bytes(), cookieName(provider));
  deleteCookie(c, cookieName(provider), { path: COOKIE_PATH, secure: secure(platform) });
  if (query.error) return popupPage(c, { provider, cancelled: true });
  let pending: PendingConnect;
  try {
    pending = JSON.parse(Buffer.from(raw || '', 'base64url').toString()) as PendingConnect;
  } catch {
    return failed('no connection in progress');
  }
  let accountId: string;
  try {
    const { payload } = await jwtVerify(query.state ?? '', await stateKey(services.signingKey), {
      audience: STATE_AUDIENCE,
      algorithms: ['HS256'],
    });
    if (payload.prv !== provider || payload.n !== pending.nonce || typeof payload.sub !== 'string')
      return failed('state mismatch');
    accountId = payload.sub;
  } catch (err) {
    return failed('bad state', err);
  }
  const { code } = query;
  if (!code) return failed('no code');
  try {
    const endpoints = await endpointsOf(platform, services.openId, provider);
    const client = clientOf(platform, provider);
    const tokens = await client.validateAuthorizationCode(
      endpoints.token,
      code,
      provider === 'notion' ? null : pending.verifier,
    );
    await saveConnection(platform, services.signingKey, accountId, provider, connectionFromTokens(tokens));
  } catch (err) {
    return failed('code exchange failed', err);
  }
  return popupPage(c, { provider, connected: true });
}
