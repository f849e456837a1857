import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@buildai/domain';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { verifyHs256 } from './hs256';

const ISSUER = 'buildai';
const SECRET_NAME = 'auth-signing-key';
async function loadOrCreateKey(db: Db): Promise<KeyObject> {
  // Every instance shares one key: the first to start writes it, the others read it.
  await db
    .insert(serverSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  return createSecretKey(Buffer.from(row!.value));
}

/**
 * The key that signs the server's tokens: AUTH_SECRET, or the one kept in the database. One per server (built by
 * `createServices`); a KeyObject is imported once, where raw bytes would be re-imported on every verify.
 */
export class SigningKey {
  private loaded: Promise<KeyObject> | undefined;

  constructor(private readonly platform: Pick<Platform, 'config' | 'db'>) {}

  key(): Promise<KeyObject> {
    this.loaded ??= this.platform.config.AUTH_SECRET
      ? Promise.resolve(createSecretKey(Buffer.from(this.platform.config.AUTH_SECRET)))
      : loadOrCreateKey(this.platform.db);
    return this.loaded;
  }

  /** The key's bytes, for other signed values of the server (e.g. the Google state cookie). */
  async bytes(): Promise<Buffer> {
    return (await this.key()).export();
  }
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
export async function signAccessToken(signingKey: SigningKey, s: AccessTokenSubject) {
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
    .sign(await signingKey.key());
  return { idToken, expiresIn: TOKEN_LIFETIME_SECONDS };
}

export async function verifyAccessToken(signingKey: SigningKey, token: string): Promise<Caller | null> {
  try {
    // verifyHs256 refuses a token without `exp`; a token that names no session cannot be ended: refused too
    const payload = verifyHs256(token, await signingKey.key(), ISSUER);
    if (!payload || typeof payload.sid !== 'string') return null;
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

export interface SignCustomTokenOptions {
  signingKey: SigningKey;
  userId: string;
  tenantId: string;
  jti: string;
}

/** A short-lived token that one call of `auth/customToken` trades for a session (one-time code, Google). */
export async function signCustomToken({ signingKey, userId, tenantId, jti }: SignCustomTokenOptions) {
  return new SignJWT({ tid: tenantId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer(ISSUER)
    .setAudience(CUSTOM_TOKEN_AUDIENCE)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(`${CUSTOM_TOKEN_LIFETIME_SECONDS}s`)
    .sign(await signingKey.key());
}

export async function verifyCustomToken(
  signingKey: SigningKey,
  token: string,
): Promise<{ userId: string; tenantId: string; jti: string } | null> {
  try {
    const { payload } = await jwtVerify(token, await signingKey.key(), {
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
