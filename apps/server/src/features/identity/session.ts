import { newId } from '../../db/ids';
import type { Platform } from '../../platform';
import { issueRefreshToken } from './refresh-tokens';
import { signAccessToken, type AccessTokenSubject, type SigningKey } from './tokens';

export interface SessionUser {
  id: string;
  tenantId: string;
  email: string;
  emailVerifiedAt: Date | null;
}

/** What an id token says of the user (and what a caller is made of). */
export function accessSubject(user: SessionUser, sessionId?: string): AccessTokenSubject {
  return {
    sessionId,
    userId: user.id,
    tenantId: user.tenantId,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
  };
}

/** A new session for the user: an id token and a refresh token of a new family. */
export async function issueSession(platform: Platform, signingKey: SigningKey, user: SessionUser) {
  const sessionId = newId();
  const refreshToken = await issueRefreshToken({
    db: platform.db,
    userId: user.id,
    tenantId: user.tenantId,
    familyId: sessionId,
  });
  const access = await signAccessToken(signingKey, accessSubject(user, sessionId));
  return { ...access, refreshToken };
}
