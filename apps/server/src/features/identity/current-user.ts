// What the signed-in user's use-cases (resend-verification, change-password, email changes) share.
import { AppError } from '@buildai/domain';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { verifyPassword } from './passwords';
import type { LoginThrottle } from './throttle';
import { getUser, type UserRow } from './users';

/** The caller's user, still there and not disabled. */
export async function requireUser(platform: Platform, caller: Caller): Promise<UserRow> {
  const user = await getUser(platform, caller.userId);
  if (!user || user.tenantId !== caller.tenantId) throw new AppError('auth/unauthenticated');
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  return user;
}

export interface CheckCurrentPasswordOptions {
  throttle: LoginThrottle;
  user: UserRow;
  password: string;
  ip: string;
}

/** The current password, held to the sign-in throttle. */
export async function checkCurrentPassword({ throttle, user, password, ip }: CheckCurrentPasswordOptions) {
  await throttle.takeTry({ tenantId: user.tenantId, email: user.email, ip });
  if (!(await verifyPassword(user.passwordHash, password))) {
    await throttle.recordFailure(ip);
    throw new AppError('auth/wrong-password', { field: 'currentPassword' });
  }
  await throttle.clear({ tenantId: user.tenantId, email: user.email, ip });
}
