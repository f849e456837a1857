import { AppError, type SignUpRequest } from '@buildai/domain';
import { newId } from '../../db/ids';
import { users } from '../../db/schema';
import type { Platform } from '../../platform';
import { sendVerification } from './verification-mail';
import { hashPassword, isWeakPassword } from './passwords';
import { issueSession } from './session';
import { resolveTenant } from './tenants';
import { findUser, normaliseEmail } from './users';
import type { SigningKey } from './tokens';

/** Email + password sign-up in a tenant that accepts sign-ups; a verification link goes to the address. */
export async function signUp(platform: Platform, signingKey: SigningKey, input: SignUpRequest) {
  const email = normaliseEmail(input.email);
  if (!email) throw new AppError('auth/invalid-email', { field: 'email' });
  const tenant = await resolveTenant(platform, input.tenantId).catch(() => null);
  if (!tenant?.signUpEnabled) throw new AppError('auth/tenant-required', { field: 'tenantId' });
  if (isWeakPassword(input.password)) throw new AppError('auth/weak-password', { field: 'password' });

  if (await findUser(platform, tenant.tenantId, email)) {
    throw new AppError('auth/email-already-in-use', { field: 'email' });
  }
  const passwordHash = await hashPassword(input.password);
  const [user] = await platform.db
    .insert(users)
    .values({ id: newId(), tenantId: tenant.tenantId, email, passwordHash })
    .onConflictDoNothing()
    .returning();
  // Two sign-ups racing for one email: the unique index lets one through.
  if (!user) throw new AppError('auth/email-already-in-use', { field: 'email' });

  await sendVerification(platform, user, {
    continueUrl: input.continueUrl,
    appName: tenant.appName,
  }).catch((err: unknown) => platform.logger.warn({ err }, 'could not send the verification email'));
  return issueSession(platform, signingKey, user);
}
