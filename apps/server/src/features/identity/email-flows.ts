import { eq } from 'drizzle-orm';
import {
  AppError,
  RESET_CODE_LIFETIME_MIN,
  VERIFY_CODE_LIFETIME_MIN,
  safeRedirectPath,
} from '@buildai/domain';
import { users } from '../../db/schema';
import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { claimCode, issueCode } from './codes';
import { sendAfterAnswer } from './deliver';
import { authLink } from './links';
import { resetPasswordMail, verifyEmailMail } from './mail-templates';
import { hashPassword, isWeakPassword, verifyPassword } from './passwords';
import { revokeAllRefreshTokens } from './refresh-tokens';
import { issueSession } from './session';
import type { SessionCheck } from './session-check';
import { resolveTenant } from './tenants';
import { consumeEmailAllowance, type LoginThrottle } from './throttle';
import { findUser, getUser, markVerified, normaliseEmail, type UserRow } from './users';
import type { SigningKey } from './tokens';

/** Emails a verification link for the user's current address. */
export async function sendVerification(
  platform: Platform,
  user: UserRow,
  opts: { continueUrl?: string; appName?: string | null },
) {
  await consumeEmailAllowance(platform, user.tenantId, user.email);
  const { token } = await issueCode(platform.db, {
    tenantId: user.tenantId,
    purpose: 'verifyEmail',
    email: user.email,
    userId: user.id,
    lifetimeMin: VERIFY_CODE_LIFETIME_MIN,
  });
  const url = authLink(platform, 'verifyEmail', {
    oobCode: token,
    continueUrl: safeRedirectPath(opts.continueUrl),
    appId: user.tenantId === 'platform' ? undefined : user.tenantId,
  });
  await platform.mail.send(verifyEmailMail(user.email, url, opts.appName));
}

export async function requireUser(platform: Platform, caller: Caller): Promise<UserRow> {
  const user = await getUser(platform, caller.userId);
  if (!user || user.tenantId !== caller.tenantId) throw new AppError('auth/unauthenticated');
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  return user;
}

/** `auth/sendVerifyEmail`: another verification link for the signed-in user. */
export async function resendVerification(
  platform: Platform,
  caller: Caller,
  opts: { continueUrl?: string; appName?: string },
) {
  const user = await requireUser(platform, caller);
  if (!user.emailVerifiedAt) await sendVerification(platform, user, opts);
  return { sent: true as const };
}

/** `auth/verifyEmail {code}`: the link of a verification email was opened. */
export async function verifyEmail(platform: Platform, code: string) {
  const row = await claimCode(platform.db, 'verifyEmail', code);
  const user = row?.userId ? await getUser(platform, row.userId) : null;
  // a link for an address the account no longer has is dead
  if (!row || !user || user.email !== row.email) throw new AppError('auth/invalid-action-code');
  await markVerified(platform, user);
  return { email: user.email, emailVerified: true as const };
}

/**
 * `account/sendResetPasswordEmail`: the same answer, the same work and the same email allowance whether or not the
 * address has an account (a code is stored either way; one without a user is dead), and the answer does not wait
 * for the mail (docs/decisions/0006).
 */
export async function sendResetPasswordEmail(
  platform: Platform,
  input: { email: string; mainAppId?: string | null; continueUrl?: string },
) {
  const tenant = await resolveTenant(platform, input.mainAppId);
  const email = normaliseEmail(input.email);
  if (!email) throw new AppError('auth/invalid-email', { field: 'email' });
  await consumeEmailAllowance(platform, tenant.tenantId, email);
  const found = await findUser(platform, tenant.tenantId, email);
  const user = found && !found.disabledAt ? found : null;
  const { token } = await issueCode(platform.db, {
    tenantId: tenant.tenantId,
    purpose: 'resetPassword',
    email,
    userId: user?.id ?? null,
    lifetimeMin: RESET_CODE_LIFETIME_MIN,
  });
  const url = authLink(platform, 'resetPassword', {
    oobCode: token,
    continueUrl: safeRedirectPath(input.continueUrl),
    appId: tenant.appId,
  });
  if (user) sendAfterAnswer(platform, resetPasswordMail(email, url, tenant.appName));
  return { sent: true as const };
}

/** `auth/resetPassword {code,newPassword}`: a new password, and every session of the user ends. */
export async function resetPassword(
  platform: Platform,
  sessions: SessionCheck,
  throttle: LoginThrottle,
  code: string,
  newPassword: string,
) {
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
    await revokeAllRefreshTokens(platform.db, user.id);
    await sessions.ended(user.id);
    await throttle.clear(user.tenantId, user.email);
  } catch (err) {
    platform.logger.error({ err }, 'password reset failed');
    throw new AppError('auth/reset-failed');
  }
  return { email: user.email };
}

export async function checkCurrentPassword(
  throttle: LoginThrottle,
  user: UserRow,
  password: string,
  ip: string,
) {
  await throttle.takeTry(user.tenantId, user.email, ip);
  if (!(await verifyPassword(user.passwordHash, password))) {
    await throttle.recordFailure(ip);
    throw new AppError('auth/wrong-password', { field: 'currentPassword' });
  }
  await throttle.clear(user.tenantId, user.email, ip);
}

/** `account/completeEmailChange {newEmail}`: confirms the account now answers to the new address. */
export async function completeEmailChange(platform: Platform, caller: Caller, newEmailInput: string) {
  const user = await requireUser(platform, caller);
  const newEmail = normaliseEmail(newEmailInput);
  if (!newEmail) throw new AppError('auth/invalid-email', { field: 'newEmail' });
  if (user.email !== newEmail) {
    const other = await findUser(platform, user.tenantId, newEmail);
    if (other) throw new AppError('auth/email-already-exists', { field: 'newEmail' });
    throw new AppError('request/invalid', {
      message: 'Change the email with your current password first',
      field: 'newEmail',
    });
  }
  return { email: user.email };
}

/** `auth/changePassword`: with the current password; every other session ends. */
export async function changePassword(
  platform: Platform,
  signingKey: SigningKey,
  sessions: SessionCheck,
  throttle: LoginThrottle,
  caller: Caller,
  input: { currentPassword: string; newPassword: string },
  ip: string,
) {
  const user = await requireUser(platform, caller);
  await checkCurrentPassword(throttle, user, input.currentPassword, ip);
  if (isWeakPassword(input.newPassword)) throw new AppError('auth/weak-password', { field: 'newPassword' });
  await platform.db
    .update(users)
    .set({ passwordHash: await hashPassword(input.newPassword) })
    .where(eq(users.id, user.id));
  await revokeAllRefreshTokens(platform.db, user.id);
  await sessions.ended(user.id);
  return issueSession(platform, signingKey, user);
}
