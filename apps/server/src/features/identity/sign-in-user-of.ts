import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import { resolveTenant } from './tenants';
import { findOrCreateUser, findUser, markVerified, type UserRow } from './users';

/** The user a used link or code signs in: created when new (sign-up still open), verified either way. */
export async function signInUserOf(platform: Platform, tenantId: string, email: string): Promise<UserRow> {
  const tenant = await resolveTenant(platform, tenantId);
  const existing = await findUser(platform, tenantId, email);
  if (!existing && !tenant.signUpEnabled) throw new AppError('auth/invalid-magic-link');
  const user = existing ?? (await findOrCreateUser({ platform, tenantId, email, verified: true }));
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  return markVerified(platform, user);
}
