import { createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_LIFETIME_SECONDS } from '@buildai/domain';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { verifyHs256 } from './hs256';

const ISSUER = 'buildai';
/** The most verified access tokens a server keeps (about 300 bytes each with their callers). */
const VERIFIED_TOKENS = 20_000;
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
  /**
   * Access tokens this key verified, until each expires: a client sends the same token with every request for up to
   * an hour, and its signature and claims are checked once (the session it names is still checked every time).
   */
  readonly verified = new LRUCache<string, { caller: Caller; expiresAt: number }>({ max: VERIFIED_TOKENS });

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

/**
 * The caller of a token this key verified already, without waiting: null once it has expired, undefined when the
 * token is not known (`verifyAccessToken` checks it then). Most requests carry a token sent before.
 */
export function knownAccessToken(signingKey: SigningKey, token: string): Caller | null | undefined {
  const known = signingKey.verified.get(token);
  if (!known) return undefined;
  if (known.expiresAt > Date.now()) return { ...known.caller };
  signingKey.verified.delete(token);
  return null;
}

export async function verifyAccessToken(signingKey: SigningKey, token: string): Promise<Caller | null> {
  const known = knownAccessToken(signingKey, token);
  if (known !== undefined) return known;
  try {
    // verifyHs256 refuses a token without `exp`; a token that names no session cannot be ended: refused too
    const payload = verifyHs256(token, await signingKey.key(), ISSUER);
    if (!payload || typeof payload.sid !== 'string') return null;
    if (typeof payload.sub !== 'string' || typeof payload.tid !== 'string' || payload.aud !== payload.tid) {
      return null;
    }
    const caller: Caller = {
      userId: payload.sub,
      tenantId: payload.tid,
      email: String(payload.email ?? ''),
      emailVerified: payload.ev === true,
      sessionId: String(payload.sid),
    };
    // only a token that passed is kept (`exp` is a number: verifyHs256 refuses one without)
    signingKey.verified.set(token, { caller, expiresAt: (payload.exp as number) * 1000 });
    return { ...caller };
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
