import { eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Platform } from '../../platform';
import { claimCode } from './codes';
import { hashPassword, isWeakPassword } from './passwords';
import type { SessionCheck } from './session-check';
import type { LoginThrottle } from './throttle';
import { getUser } from './users';

export interface ResetPasswordOptions {
  platform: Platform;
  sessions: SessionCheck;
  throttle: LoginThrottle;
  code: string;
  newPassword: string;
}

/** `auth/resetPassword {code,newPassword}`: a new password, and every session of the user ends. */
export async function resetPassword({
  platform,
  sessions,
  throttle,
  code,
  newPassword,
}: ResetPasswordOptions) {
  if (isWeakPassword(newPassword)) throw new AppError('auth/reset-weak-password', { field: 'newPassword' });
  const row = await claimCode(platform.db, 'resetPassword', code);
  if (!row) throw new AppError('auth/invalid-action-code');
  const user = row.userId ? await getUser(platform, row.userId) : null;
  if (!user || user.disabledAt || user.email !== row.email) throw new AppError('auth/user-not-found');
  try {
    await platform.db
      .update(users)
      .set({
        passwordHash: await hashPassword(newPassword),
        emailVerifiedAt: user.emailVerifiedAt ?? new Date(),
      })
      .where(eq(users.id, user.id));
    await sessions.endAll(user.id);
    await throttle.clear({ tenantId: user.tenantId, email: user.email });
  } catch (err) {
    platform.logger.error({ err }, 'password reset failed');
    throw new AppError('auth/reset-failed');
  }
  return { email: user.email };
}
