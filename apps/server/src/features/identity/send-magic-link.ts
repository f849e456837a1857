import { AppError, MAGIC_LINK_LIFETIME_MIN, safeRedirectPath } from '@buildai/domain';
import type { Platform } from '../../platform';
import { issueCode } from './codes';
import { sendAfterAnswer } from './deliver';
import { authLink } from './links';
import { magicLinkMail } from './mail-templates';
import { resolveTenant } from './tenants';
import { consumeEmailAllowance } from './throttle';
import { findUser, normaliseEmail } from './users';

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
  if (deliver) sendAfterAnswer(platform, magicLinkMail({ to: email, url, code: otp!, name: tenant.appName }));
  return { sent: true as const };
}
