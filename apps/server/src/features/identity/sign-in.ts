import { AppError, PLATFORM_TENANT_ID, type SignInRequest } from '@buildai/domain';
import type { Platform } from '../../platform';
import { verifyPassword } from './passwords';
import { issueSession } from './session';
import { assertLoginAllowed, clearLoginFailures, recordLoginFailure } from './throttle';
import { findUser, normaliseEmail } from './users';
import type { SigningKey } from './tokens';

/**
 * Email + password sign-in. Wrong password, unknown user and invalid email all answer the same message; failures
 * are counted per account and per client address, and over the limit every try answers 429 before any check.
 */
export async function signIn(platform: Platform, signingKey: SigningKey, input: SignInRequest, ip: string) {
  const tenantId = input.tenantId ?? PLATFORM_TENANT_ID;
  const email = normaliseEmail(input.email);
  const key = email ?? input.email.trim().toLowerCase();
  await assertLoginAllowed(platform, tenantId, key, ip);
  const user = email ? await findUser(platform, tenantId, email) : null;
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await recordLoginFailure(platform, tenantId, key, ip);
    throw new AppError('auth/invalid-credentials');
  }
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  await clearLoginFailures(platform, tenantId, key);
  return issueSession(platform, signingKey, user);
}
