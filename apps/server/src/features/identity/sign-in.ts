import { AppError, PLATFORM_TENANT_ID, type SignInRequest } from '@buildai/domain';
import type { Platform } from '../../platform';
import { verifyPassword } from './passwords';
import { issueSession } from './session';
import type { KnownDevice } from './device-cookie';
import type { LoginThrottle } from './throttle';
import { findUser, normaliseEmail } from './users';
import type { SigningKey } from './tokens';

export interface SignInOptions {
  platform: Platform;
  signingKey: SigningKey;
  throttle: LoginThrottle;
  input: SignInRequest;
  ip: string;
  device?: (tenantId: string, email: string) => Promise<KnownDevice | null>;
}

/**
 * Email + password sign-in. Wrong password, unknown user and invalid email all answer the same message. Each try
 * takes a point of the account-and-address limit before the check, and failures count against the address; over
 * a limit the try answers 429 before any check (docs/decisions/0006).
 */
export async function signIn({ platform, signingKey, throttle, input, ip, device }: SignInOptions) {
  const tenantId = input.tenantId ?? PLATFORM_TENANT_ID;
  const email = normaliseEmail(input.email);
  const key = email ?? input.email.trim().toLowerCase();
  const known = device ? await device(tenantId, key) : null;
  await throttle.takeTry({ tenantId, email: key, ip, device: known });
  const user = email ? await findUser(platform, tenantId, email) : null;
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok) {
    await throttle.recordFailure(ip, known);
    throw new AppError('auth/invalid-credentials');
  }
  if (user.disabledAt) throw new AppError('auth/user-disabled');
  await throttle.clear({ tenantId, email: key, ip, device: known });
  return { ...(await issueSession(platform, signingKey, user)), tenantId, email: key };
}
