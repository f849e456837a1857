import { createSecretKey, randomBytes } from 'node:crypto';
import { generateCodeVerifier, type OAuth2Client, type OAuth2Tokens } from 'arctic';
import { deleteCookie, getSignedCookie, setSignedCookie } from 'hono/cookie';
import { SignJWT, jwtVerify } from 'jose';
import { AppError } from '@buildai/domain';
import type { Ctx } from '../../http/context';
import type { Platform } from '../../platform';
import { publicBaseUrl, type SigningKey } from '../identity';
import type { IntegrationServices } from './services';
import { saveConnection, type Connection } from './connections';
import type { AccountConnector } from './connectors';

/*
 * The OAuth 2 connect flow every account connector shares (state, cookie, popup page, storing the tokens). What
 * differs between providers (endpoints, client, the consent address, the code exchange) is the connector's `oauth`.
 */

const STATE_AUDIENCE = 'buildai:integration-state';
const STATE_LIFETIME_SEC = 10 * 60;
const COOKIE_PATH = '/api/integrations';

export const callbackPath = (provider: string) => `/api/integrations/${provider}/callback`;
const cookieName = (provider: string) => `buildai_integration_${provider.replace('-', '_')}`;

/** The connector's OAuth client, redirecting to its callback on this server. */
export function clientOf(platform: Platform, connector: AccountConnector): OAuth2Client {
  return connector.oauth.client(platform.config, `${publicBaseUrl(platform)}${callbackPath(connector.id)}`);
}

async function stateKey(signingKey: SigningKey) {
  return createSecretKey(await signingKey.bytes());
}

interface PendingConnect {
  nonce: string;
  verifier: string;
}

const secure = (platform: Platform) => publicBaseUrl(platform).startsWith('https:');

export interface StartConnectOptions {
  c: Ctx;
  services: IntegrationServices;
  connector: AccountConnector;
  accountId: string;
  appId: string;
}

/**
 * The provider's authorization URL for this builder. The state is a signed token naming the account, the provider
 * and a nonce; the nonce and the PKCE verifier stay in a signed cookie, so only the browser that started can finish.
 */
export async function startConnect({
  c,
  services,
  connector,
  accountId,
  appId,
}: StartConnectOptions): Promise<string> {
  const platform = c.get('platform');
  const provider = connector.id;
  const endpoints = await connector.oauth.endpoints({ platform, services }).catch((err: unknown) => {
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
  const url = connector.oauth.authorizeUrl({
    client: clientOf(platform, connector),
    endpoint: endpoints.authorization,
    state,
    verifier: pending.verifier,
  });
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
    connector,
    query,
  }: { services: IntegrationServices; connector: AccountConnector; query: CallbackQuery },
): Promise<Response> {
  const platform = c.get('platform');
  const provider = connector.id;
  const failed = (reason: string, err?: unknown) => {
    platform.logger.warn({ err, reason, provider }, 'integration connection failed');
    return popupPage(c, { provider, error: 'The connection failed, try again later' }, 400);
  };
  if (!connector.configured(platform.config)) return failed('not configured');
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
    const endpoints = await connector.oauth.endpoints({ platform, services });
    const tokens = await connector.oauth.exchange({
      client: clientOf(platform, connector),
      endpoint: endpoints.token,
      code,
      verifier: pending.verifier,
    });
    await saveConnection({
      platform,
      signingKey: services.signingKey,
      accountId,
      provider,
      connection: connectionFromTokens(tokens),
    });
  } catch (err) {
    return failed('code exchange failed', err);
  }
  return popupPage(c, { provider, connected: true });
}
