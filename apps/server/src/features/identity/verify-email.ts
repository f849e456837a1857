import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import { claimCode } from './codes';
import { getUser, markVerified } from './users';

/** `auth/verifyEmail {code}`: the link of a verification email was opened. */
export async function verifyEmail(platform: Platform, code: string) {
  const row = await claimCode(platform.db, 'verifyEmail', code);
  const user = row?.userId ? await getUser(platform, row.userId) : null;
  // a link for an address the account no longer has is dead
  if (!row || !user || user.email !== row.email) throw new AppError('auth/invalid-action-code');
  await markVerified(platform, user);
  return { email: user.email, emailVerified: true as const };
}
