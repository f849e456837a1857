import type { Caller } from '../../http/context';
import type { Platform } from '../../platform';
import { requireUser } from './current-user';
import { sendVerification } from './verification-mail';

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
