import { and, eq } from 'drizzle-orm';
import { AppError, PLATFORM_TENANT_ID, emailSchema, type SignInRequest } from '@buildai/domain';
import { users } from '../../db/schema';
import type { Platform } from '../../platform';
import { verifyPassword } from './passwords';
import { issueRefreshToken } from './refresh-tokens';
import { signAccessToken } from './tokens';

/** Email + password sign-in. Wrong password, unknown user and invalid email all answer the same message. */
export async function signIn(platform: Platform, input: SignInRequest) {
  const tenantId = input.tenantId ?? PLATFORM_TENANT_ID;
  const email = emailSchema.safeParse(input.email);
  const [user] = email.success
    ? await platform.db
        .select()
        .from(users)
        .where(and(eq(users.tenantId, tenantId), eq(users.email, email.data)))
    : [];
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) throw new AppError('auth/invalid-credentials');
  if (user.disabledAt) throw new AppError('auth/user-disabled');

  const refreshToken = await issueRefreshToken(platform.db, user.id, tenantId);
  const access = await signAccessToken(platform, {
    userId: user.id,
    tenantId,
    email: user.email,
    emailVerified: user.emailVerifiedAt !== null,
  });
  return { ...access, refreshToken };
}
