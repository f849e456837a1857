import { eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Platform } from '../../platform';
import { rotateRefreshToken } from './refresh-tokens';
import { accessSubject } from './session';
import { signAccessToken, type SigningKey } from './tokens';

/** Trades a refresh token for a new id token and a new refresh token. */
export async function refreshSession(platform: Platform, signingKey: SigningKey, token: string | undefined) {
  if (!token) throw new AppError('auth/invalid-refresh-token');
  const rotated = await rotateRefreshToken(platform.db, token);
  if (!rotated) throw new AppError('auth/invalid-refresh-token');
  const [user] = await platform.db.select().from(users).where(eq(users.id, rotated.userId));
  if (!user || user.disabledAt) throw new AppError('auth/invalid-refresh-token');
  const access = await signAccessToken(signingKey, accessSubject(user, rotated.familyId));
  return { ...access, refreshToken: rotated.token };
}
