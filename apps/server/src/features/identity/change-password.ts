import { eq } from 'drizzle-orm';
import { AppError } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { checkCurrentPassword, requireUser } from './current-user';
import { hashPassword, isWeakPassword } from './passwords';
import { issueSession } from './session';
import type { SessionCheck } from './session-check';
import type { LoginThrottle } from './throttle';
import type { SigningKey } from './tokens';

export interface ChangePasswordOptions {
  platform: Platform;
  signingKey: SigningKey;
  sessions: SessionCheck;
  throttle: LoginThrottle;
  caller: Caller;
  input: { currentPassword: string; newPassword: string };
  /** the caller's address, for the sign-in throttle the current password is held to */
  ip: string;
}

/** `auth/changePassword`: with the current password; every other session ends. */
export async function changePassword({
  platform,
  signingKey,
  sessions,
  throttle,
  caller,
  input,
  ip,
}: ChangePasswordOptions) {
  const user = await requireUser(platform, caller);
  await checkCurrentPassword({ throttle, user, password: input.currentPassword, ip });
  if (isWeakPassword(input.newPassword)) throw new AppError('auth/weak-password', { field: 'newPassword' });
  await platform.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(users.id, user.id));
  await sessions.endAll(user.id);
  return issueSession(platform, signingKey, user);
}
