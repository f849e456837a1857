import { AppError, RESET_CODE_LIFETIME_MIN, safeRedirectPath } from '@buildai/domain';
import type { Platform } from '../../platform';
import { issueCode } from './codes';
import { sendAfterAnswer } from './deliver';
import { authLink } from './links';
import { resetPasswordMail } from './mail-templates';
import { resolveTenant } from './tenants';
import { consumeEmailAllowance } from './throttle';
import { findUser, normaliseEmail } from './users';

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
  const url = await authLink(platform, 'resetPassword', {
    oobCode: token,
    continueUrl: safeRedirectPath(input.continueUrl),
    appId: tenant.appId,
  });
  if (user) sendAfterAnswer(platform, resetPasswordMail(email, url, tenant.appName));
  return { sent: true as const };
}
