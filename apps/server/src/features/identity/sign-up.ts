import { and, eq } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID, emailSchema, type SignUpRequest } from '@buildai/domain';
import { newId } from '../../db/ids';
import { users } from '../../db/schema';
import type { Platform } from '../../platform';
import { hashPassword, isWeakPassword } from './passwords';
import { issueRefreshToken } from './refresh-tokens';
import { signAccessToken } from './tokens';

/** Which tenants accept sign-ups. App tenants (end users of an app with sign-up) join this rule later. */
function signUpOpen(platform: Platform, tenantId: string): boolean {
  return tenantId === PLATFORM_TENANT_ID && platform.config.BUILDER_SIGNUP_ENABLED;
}

export async function signUp(platform: Platform, input: SignUpRequest) {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) throw new AppError('auth/invalid-email', { field: 'email' });
  if (!signUpOpen(platform, input.tenantId))
    throw new AppError('auth/tenant-required', { field: 'tenantId' });
  if (isWeakPassword(input.password)) throw new AppError('auth/weak-password', { field: 'password' });

  const { db } = platform;
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tenantId, input.tenantId), eq(users.email, email.data)));
  if (existing.length > 0) throw new AppError('auth/email-already-in-use', { field: 'email' });

  const userId = newId();
  const passwordHash = await hashPassword(input.password);
  const inserted = await db
    .insert(users)
    .values({ id: userId, tenantId: input.tenantId, email: email.data, passwordHash })
    .onConflictDoNothing()
    .returning({ id: users.id });
  // Two sign-ups racing for one email: the unique index lets one through.
  if (inserted.length === 0) throw new AppError('auth/email-already-in-use', { field: 'email' });

  const refreshToken = await issueRefreshToken(db, userId, input.tenantId);
  const access = await signAccessToken(platform, {
    userId,
    tenantId: input.tenantId,
    email: email.data,
    emailVerified: false,
  });
  return { ...access, refreshToken };
}
