import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import { claimCode } from './codes';
import { issueSession } from './session';
import { verifyCustomToken, type SigningKey } from './tokens';
import { getUser } from './users';

/** `auth/customToken {customToken}`: trades a custom token, once, for a session. */
export async function signInWithCustomToken(platform: Platform, signingKey: SigningKey, customToken: string) {
  const claims = await verifyCustomToken(signingKey, customToken);
  if (!claims) throw new AppError('auth/invalid-custom-token');
  const row = await claimCode(platform.db, 'customToken', claims.jti);
  if (!row || row.userId !== claims.userId || row.tenantId !== claims.tenantId) {
    throw new AppError('auth/invalid-custom-token');
  }
  const user = await getUser(platform, claims.userId);
  if (!user || user.tenantId !== claims.tenantId) throw new AppError('auth/invalid-custom-token');
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  return issueSession(platform, signingKey, user);
}
