import { SignJWT, jwtVerify } from 'jose';
import { AppError, PREVIEW_TOKEN_SECONDS } from '@buildai/domain';
import type { SigningKey } from '../identity';

const ISSUER = 'buildai';
/** An audience of its own: a preview token is never an access token, and an access token never a preview one. */
const AUDIENCE = 'space-app-preview';

/**
 * The audience of a member's link to a published app with paid memberships (decision 0009, "What memberships
 * gate"): it opens the published files only, never the current ones.
 */
export const MEMBER_AUDIENCE = 'space-app-member';

export interface SignPreviewTokenOptions {
  signingKey: SigningKey;
  appId: string;
  now?: number;
  audience?: string;
}

/** A signed, short-lived token that opens the current files of one app (decision 0007, "The preview token"). */
export async function signPreviewToken({
  signingKey,
  appId,
  now = Date.now(),
  audience = AUDIENCE,
}: SignPreviewTokenOptions) {
  const expiresAt = new Date(now + PREVIEW_TOKEN_SECONDS * 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(appId)
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await signingKey.key());
  return { token, expiresAt };
}

export interface VerifyPreviewTokenOptions {
  signingKey: SigningKey;
  appId: string;
  token: string | undefined;
  audience?: string;
}

/** Checks a preview token for `appId`: missing or bad → 401, another app's → 403. */
export async function verifyPreviewToken({
  signingKey,
  appId,
  token,
  audience = AUDIENCE,
}: VerifyPreviewTokenOptions) {
  if (!token) throw new AppError('space/preview-token-invalid');
  let subject: string | undefined;
  try {
    const { payload } = await jwtVerify(token, await signingKey.key(), {
      issuer: ISSUER,
      audience,
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'sub'],
    });
    subject = payload.sub;
  } catch {
    throw new AppError('space/preview-token-invalid');
  }
  if (subject !== appId) throw new AppError('space/preview-token-other-app');
}
