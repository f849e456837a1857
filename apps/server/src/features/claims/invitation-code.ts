import { createHmac, hkdfSync, randomInt } from 'node:crypto';
import { openSecret, packSealed, sealSecret, unpackSealed, type SigningKey } from '../identity';

/**
 * Claim codes are read aloud and typed from an email: eight characters of an alphabet without look-alikes (no 0/O,
 * 1/I/L), shown as two groups of four. 32⁸ ≈ 10¹² codes, and an invitation dies after three wrong ones.
 */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;

export function newClaimCode(): string {
  let code = '';
  for (let i = 0; i < CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person may type for a code: any case, with or without the dash or spaces. */
export function normaliseClaimCode(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/** The key of the code's MAC, derived (HKDF-SHA256) from the signing secret. */
async function macKey(signingKey: SigningKey): Promise<Buffer> {
  return Buffer.from(
    hkdfSync('sha256', await signingKey.bytes(), 'buildai', 'claim-invitation codes v1', 32),
  );
}

/** The purpose of the code's sealed copy in the shared secret box. */
const SEAL_PURPOSE = 'claim-invitations v1';

/**
 * The stored form of a code: an HMAC bound to the invitation, so a copy of the database alone cannot be searched
 * for the code and a code never opens another invitation.
 */
export async function hashClaimCode(
  signingKey: SigningKey,
  invitationId: string,
  code: string,
): Promise<string> {
  return createHmac('sha256', await macKey(signingKey))
    .update(`${invitationId}:${normaliseClaimCode(code)}`)
    .digest('base64url');
}

/** The code sealed in the shared secret box (the invitation id bound to it) so the owner can copy it again. */
export async function sealClaimCode(
  signingKey: SigningKey,
  invitationId: string,
  code: string,
): Promise<string> {
  return packSealed(
    await sealSecret({ signingKey, purpose: SEAL_PURPOSE, aad: invitationId, plaintext: code }),
  );
}

/** The code, or null when it cannot be opened (e.g. after the signing secret changed). */
export async function openClaimCode(
  signingKey: SigningKey,
  invitationId: string,
  sealed: string,
): Promise<string | null> {
  try {
    return await openSecret({
      signingKey,
      purpose: SEAL_PURPOSE,
      aad: invitationId,
      sealed: unpackSealed(sealed),
    });
  } catch {
    return null;
  }
}
