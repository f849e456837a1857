import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import { claimCode } from './codes';
import { issueSession } from './session';
import { signInUserOf } from './sign-in-user-of';
import type { SigningKey } from './tokens';

/** `auth/magicLink/verify {token}`: a session for the link's address. Two concurrent uses give one session. */
export async function verifyMagicLink(platform: Platform, signingKey: SigningKey, token: string) {
  const row = await claimCode(platform.db, 'magicLink', token);
  if (!row) throw new AppError('auth/invalid-magic-link');
  const user = await signInUserOf(platform, row.tenantId, row.email);
  return issueSession(platform, signingKey, user);
}
