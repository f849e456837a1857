import { PLATFORM_TENANT_ID, VERIFY_CODE_LIFETIME_MIN, safeRedirectPath } from '@buildai/domain';
import type { Platform } from '../../platform';
import { issueCode } from './codes';
import { authLink } from './links';
import { verifyEmailMail } from './mail-templates';
import { consumeEmailAllowance } from './throttle';
import type { UserRow } from './users';

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
  const url = await authLink(platform, 'verifyEmail', {
    oobCode: token,
    continueUrl: safeRedirectPath(opts.continueUrl),
    appId: user.tenantId === PLATFORM_TENANT_ID ? undefined : user.tenantId,
  });
  await platform.mail.send(verifyEmailMail(user.email, url, opts.appName));
}
