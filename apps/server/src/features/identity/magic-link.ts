import { randomUUID } from 'node:crypto';
import { AppError, MAGIC_LINK_LIFETIME_MIN, type OtpTokens, safeRedirectPath } from '@buildai/domain';
import type { Platform } from '../../platform';
import { claimCode, issueCode, useOtp } from './codes';
import { sendAfterAnswer } from './deliver';
import { authLink } from './links';
import { magicLinkMail } from './mail-templates';
import { issueSession } from './session';
import { resolveTenant } from './tenants';
import { consumeEmailAllowance } from './throttle';
import { CUSTOM_TOKEN_LIFETIME_SECONDS, signCustomToken, verifyCustomToken, type SigningKey } from './tokens';
import { findOrCreateUser, findUser, getUser, markVerified, normaliseEmail, type UserRow } from './users';

/**
 * `account/sendMagicLink?appId=`: one email with a sign-in link and a 6-digit code. The answer, the work done and
 * the email allowance are the same whether or not the address has an account, and the answer does not wait for
 * the mail; an unknown address gets a message only where sign-up is open (docs/decisions/0006).
 */
export async function sendMagicLink(
  platform: Platform,
  appId: string | undefined,
  input: { email: string; continueUrl?: string },
) {
  const tenant = await resolveTenant(platform, appId);
  const email = normaliseEmail(input.email);
  if (!email) throw new AppError('auth/invalid-email-address', { field: 'email' });
  await consumeEmailAllowance(platform, tenant.tenantId, email);
  const user = await findUser(platform, tenant.tenantId, email);
  const deliver = user ? !user.disabledAt : tenant.signUpEnabled;
  const { token, otp } = await issueCode(platform.db, {
    tenantId: tenant.tenantId,
    purpose: 'magicLink',
    email,
    userId: user?.id ?? null,
    lifetimeMin: MAGIC_LINK_LIFETIME_MIN,
    withOtp: true,
  });
  const url = await authLink(platform, 'signIn', {
    token,
    continueUrl: safeRedirectPath(input.continueUrl),
    appId: tenant.appId,
  });
  if (deliver) sendAfterAnswer(platform, magicLinkMail(email, url, otp!, tenant.appName));
  return { sent: true as const };
}

/** The user a used link or code signs in: created when new (sign-up still open), verified either way. */
async function signInUserOf(platform: Platform, tenantId: string, email: string): Promise<UserRow> {
  const tenant = await resolveTenant(platform, tenantId);
  const existing = await findUser(platform, tenantId, email);
  if (!existing && !tenant.signUpEnabled) throw new AppError('auth/invalid-magic-link');
  const user = existing ?? (await findOrCreateUser(platform, tenantId, email, true));
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  return markVerified(platform, user);
}

/** `auth/magicLink/verify {token}`: a session for the link's address. Two concurrent uses give one session. */
export async function verifyMagicLink(platform: Platform, signingKey: SigningKey, token: string) {
  const row = await claimCode(platform.db, 'magicLink', token);
  if (!row) throw new AppError('auth/invalid-magic-link');
  const user = await signInUserOf(platform, row.tenantId, row.email);
  return issueSession(platform, signingKey, user);
}

/** A one-use custom token for a user (traded at `auth/customToken`). */
export async function issueCustomToken(
  platform: Platform,
  signingKey: SigningKey,
  user: UserRow,
): Promise<OtpTokens> {
  const jti = randomUUID();
  await issueCode(platform.db, {
    tenantId: user.tenantId,
    purpose: 'customToken',
    email: user.email,
    userId: user.id,
    lifetimeMin: CUSTOM_TOKEN_LIFETIME_SECONDS / 60,
    token: jti,
  });
  return {
    customToken: await signCustomToken(signingKey, user.id, user.tenantId, jti),
    tenantId: user.tenantId,
  };
}

/** `account/validateOtp?appId= {email, otp}` → `{customToken, tenantId}`; 3 wrong codes kill it (429). */
export async function validateOtp(
  platform: Platform,
  signingKey: SigningKey,
  appId: string | undefined,
  input: { email: string; otp: string },
) {
  const tenant = await resolveTenant(platform, appId);
  const email = normaliseEmail(input.email);
  if (!email) throw new AppError('auth/invalid-email-address', { field: 'email' });
  const result = await useOtp(platform.db, tenant.tenantId, email, input.otp);
  if (!result.ok) {
    throw new AppError(result.reason === 'attempts-exceeded' ? 'ATTEMPTS_EXCEEDED' : 'auth/invalid-otp', {
      field: 'otp',
    });
  }
  const user = await signInUserOf(platform, tenant.tenantId, email);
  return issueCustomToken(platform, signingKey, user);
}

/** `auth/customToken {customToken}`: trades a custom token, once, for a session. */
export async function signInWithCustomToken(platform: Platform, signingKey: SigningKey, customToken: string) {
  const claims = await verifyCustomToken(signingKey, customToken);
  if (!claims) throw new AppError('auth/invalid-custom-token');
  const row = await claimCode(platform.db, 'customToken', claims.jti);
  if (!row || row.userId !== claims.userId || row.tenantId !== claims.tenantId) {
    throw new AppError('auth/invalid-custom-token');
  }
  const user = await getUser(platform, claims.userId);
  if (!user || user.tenantId !== claims.tenantId) throw new AppError('auth/invalid-custom-token');
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  return issueSession(platform, signingKey, user);
}
