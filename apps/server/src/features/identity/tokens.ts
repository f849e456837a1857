import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@buildai/domain';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';

const ISSUER = 'buildai';
const SECRET_NAME = 'auth-signing-key';
const keys = new WeakMap<Platform, Promise<KeyObject>>();

async function loadOrCreateKey(db: Db): Promise<KeyObject> {
  // Every instance shares one key: the first to start writes it, the others read it.
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return createSecretKey(Buffer.from(row!.value));
}

// A KeyObject is imported once; raw bytes would be re-imported on every verify.
function signingKey(platform: Platform): Promise<KeyObject> {
  let key = keys.get(platform);
  if (!key) {
    key = platform.config.AUTH_SECRET
      ? Promise.resolve(createSecretKey(Buffer.from(platform.config.AUTH_SECRET)))
      : loadOrCreateKey(platform.db);
    keys.set(platform, key);
  }
  return key;
}

export interface AccessTokenSubject {
  userId: string;
  tenantId: string;
  email: string;
  emailVerified: boolean;
  /** the session (refresh-token family) the token belongs to; checked on every use (session-check.ts) */
  sessionId?: string;
}

/** A signed access token (id token) of one hour. The audience is the tenant: a token is valid only there. */
export async function signAccessToken(platform: Platform, s: AccessTokenSubject) {
  const idToken = await new SignJWT({
    tid: s.tenantId,
    email: s.email,
    ev: s.emailVerified,
    sid: s.sessionId,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(s.userId)
    .setIssuer(ISSUER)
    .setAudience(s.tenantId)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .sign(await signingKey(platform));
  return { idToken, expiresIn: TOKEN_LIFETIME_SECONDS };
}

export async function verifyAccessToken(platform: Platform, token: string): Promise<Caller | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(platform), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      // a token that never expires, or names no session, cannot be ended: refused
      requiredClaims: ['exp', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || payload.aud !== payload.tid) {
      return null;
    }
    return {
      userId: payload.sub,
      tenantId: payload.tid,
      email: String(payload.email ?? ''),
      emailVerified: payload.ev === true,
      sessionId: String(payload.sid),
    };
  } catch {
    return null;
  }
}

const CUSTOM_TOKEN_AUDIENCE = 'buildai:custom-token';
export const CUSTOM_TOKEN_LIFETIME_SECONDS = 300;

/** A short-lived token that one call of `auth/customToken` trades for a session (one-time code, Google). */
export async function signCustomToken(platform: Platform, userId: string, tenantId: string, jti: string) {
  return new SignJWT({ tid: tenantId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(CUSTOM_TOKEN_AUDIENCE)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${CUSTOM_TOKEN_LIFETIME_SECONDS}s`)
    .sign(await signingKey(platform));
}

export async function verifyCustomToken(
  platform: Platform,
  token: string,
): Promise<{ userId: string; tenantId: string; jti: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey(platform), {
      issuer: ISSUER,
      audience: CUSTOM_TOKEN_AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || typeof payload.jti !== 'string')
      return null;
    return { userId: payload.sub, tenantId: payload.tid, jti: payload.jti };
  } catch {
    return null;
  }
}

/** The signing key, for other signed values of the server (e.g. the Google state cookie). */
export async function serverKeyBytes(platform: Platform): Promise<Buffer> {
  return (await signingKey(platform)).export();
}
