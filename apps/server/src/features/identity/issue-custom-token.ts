import { randomUUID } from 'node:crypto';
import type { OtpTokens } from '@buildai/domain';
import type { Platform } from '../../platform';
import { issueCode } from './codes';
import { CUSTOM_TOKEN_LIFETIME_SECONDS, signCustomToken, type SigningKey } from './tokens';
import type { UserRow } from './users';

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
    customToken: await signCustomToken({ signingKey, userId: user.id, tenantId: user.tenantId, jti }),
    tenantId: user.tenantId,
  };
}
