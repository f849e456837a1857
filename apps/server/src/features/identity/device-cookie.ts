import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { getCookie, setCookie } from 'hono/cookie';
import { isHttpsRequest, type Ctx } from '../../http/context';
import { sha256 } from './codes';
import type { SigningKey } from './tokens';

export const DEVICE_COOKIE = 'buildai_device';
const COOKIE_PATH = '/api/live_api/auth';
const LIFETIME_DAYS = 365;

/**
 * The device cookie (OWASP "Slow down online guessing attacks with device cookies"; ASVS 5.0 V6.3.1): after a right
 * password, the browser gets a signed cookie naming the account it signed in to and a random device id. A later
 * password try that carries it for the same account is counted against that device alone, so guessing from other
 * devices and addresses never locks the owner out of their own browser (docs/decisions/0016).
 */
export interface KnownDevice {
  deviceId: string;
}

async function macKey(signingKey: SigningKey): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await signingKey.bytes(), 'buildai', 'device cookies v1', 32));
}

const accountOf = (tenantId: string, email: string) => sha256(`${tenantId}:${email.toLowerCase()}`);

async function sign(signingKey: SigningKey, payload: string): Promise<string> {
  return createHmac('sha256', await macKey(signingKey))
    .update(payload)
    .digest('base64url');
}

export interface RememberDeviceOptions {
  c: Ctx;
  signingKey: SigningKey;
  tenantId: string;
  email: string;
}

/** Gives the browser a device cookie for this account (after a right password or a sign-up). */
export async function rememberDevice({ c, signingKey, tenantId, email }: RememberDeviceOptions) {
  const payload = `${randomBytes(16).toString('base64url')}.${accountOf(tenantId, email)}`;
  setCookie(c, DEVICE_COOKIE, `${payload}.${await sign(signingKey, payload)}`, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttpsRequest(c),
    path: COOKIE_PATH,
    maxAge: LIFETIME_DAYS * 86_400,
  });
}

export interface KnownDeviceOptions {
  c: Ctx;
  signingKey: SigningKey;
  tenantId: string;
  email: string;
}

/** The device of the request's cookie when it is signed by us and names this account; otherwise none. */
export async function knownDevice({
  c,
  signingKey,
  tenantId,
  email,
}: KnownDeviceOptions): Promise<KnownDevice | null> {
  const value = getCookie(c, DEVICE_COOKIE);
  const parts = value?.split('.');
  if (!parts || parts.length !== 3) return null;
  const [deviceId, account, mac] = parts as [string, string, string];
  const expected = Buffer.from(await sign(signingKey, `${deviceId}.${account}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return account === accountOf(tenantId, email) ? { deviceId } : null;
}
