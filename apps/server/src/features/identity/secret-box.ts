import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SigningKey } from './tokens';

/**
 * Secrets the server keeps for builders (provider tokens of imports, a seller's Gumroad token): AES-256-GCM under a
 * key derived (HKDF-SHA256) from the server's signing secret, one key per `purpose`, so a copy of the database or
 * the blob store alone reveals no token. `aad` binds a sealed value to where it is kept (an account and provider,
 * an app): moved elsewhere, it does not open.
 */
export interface Sealed {
  iv: Buffer;
  tag: Buffer;
  data: Buffer;
}

async function keyFor(signingKey: SigningKey, purpose: string): Promise<Buffer> {
  return Buffer.from(hkdfSync('sha256', await signingKey.bytes(), 'buildai', purpose, 32));
}

export interface SealSecretOptions {
  signingKey: SigningKey;
  purpose: string;
  aad: string;
  plaintext: string;
}

export async function sealSecret({
  signingKey,
  purpose,
  aad,
  plaintext,
}: SealSecretOptions): Promise<Sealed> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyFor(signingKey, purpose), iv);
  cipher.setAAD(Buffer.from(aad));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { iv, tag: cipher.getAuthTag(), data };
}

export interface OpenSecretOptions {
  signingKey: SigningKey;
  purpose: string;
  aad: string;
  sealed: Sealed;
}

/** The plaintext; throws when the value was tampered with, bound elsewhere, or sealed under another secret. */
export async function openSecret({ signingKey, purpose, aad, sealed }: OpenSecretOptions): Promise<string> {
  const decipher = createDecipheriv('aes-256-gcm', await keyFor(signingKey, purpose), sealed.iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(sealed.tag);
  return Buffer.concat([decipher.update(sealed.data), decipher.final()]).toString('utf8');
}

/** One base64 string (iv ‖ ciphertext ‖ tag), for a database column. */
export function packSealed(sealed: Sealed): string {
  return Buffer.concat([sealed.iv, sealed.data, sealed.tag]).toString('base64');
}

export function unpackSealed(packed: string): Sealed {
  const bytes = Buffer.from(packed, 'base64');
  if (bytes.length < 28) throw new Error('sealed value too short');
  return { iv: bytes.subarray(0, 12), data: bytes.subarray(12, bytes.length - 16), tag: bytes.subarray(-16) };
}
