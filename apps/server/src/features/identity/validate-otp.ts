import { AppError } from '@buildai/domain';
import type { Platform } from '../../platform';
import { useOtp } from './codes';
import { issueCustomToken } from './issue-custom-token';
import { signInUserOf } from './sign-in-user-of';
import { resolveTenant } from './tenants';
import type { SigningKey } from './tokens';
import { normaliseEmail } from './users';

export interface ValidateOtpOptions {
  platform: Platform;
  signingKey: SigningKey;
  /** the app whose end users sign in; none for the builder's own sign-in */
  appId: string | undefined;
  input: { email: string; otp: string };
}

/** `account/validateOtp?appId= {email, otp}` → `{customToken, tenantId}`; 3 wrong codes kill it (429). */
export async function validateOtp({ platform, signingKey, appId, input }: ValidateOtpOptions) {
  const tenant = await resolveTenant(platform, appId);
  const email = normaliseEmail(input.email);
  if (!email) throw new AppError('auth/invalid-email-address', { field: 'email' });
  const result = await useOtp({ db: platform.db, tenantId: tenant.tenantId, email, otp: input.otp });
  if (!result.ok) {
    throw new AppError(result.reason === 'attempts-exceeded' ? 'ATTEMPTS_EXCEEDED' : 'auth/invalid-otp', {
      field: 'otp',
    });
  }
  const user = await signInUserOf(platform, tenant.tenantId, email);
  return issueCustomToken(platform, signingKey, user);
}
