import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, API_KEY_SHOWN_CHARS } from '@buildai/domain';

/** 32 random bytes in base64url after the prefix: `bai_sk_` + 43 characters. */
const KEY_PATTERN = /^bai_sk_[A-Za-z0-9_-]{43}$/;

export interface NewKey {
  /** the key itself: answered once, never stored */
  key: string;
  /** what is stored to find it again */
  keyHash: string;
  /** what the list shows */
  prefix: string;
}

export function newApiKey(): NewKey {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, keyHash: hashApiKey(key), prefix: key.slice(0, API_KEY_SHOWN_CHARS) };
}

/** A key is 256 random bits: one SHA-256 is enough to keep it (no password stretching needed). */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** Whether the text has the shape of one of our keys (anything else is refused without a lookup). */
export function looksLikeApiKey(text: string): boolean {
  return KEY_PATTERN.test(text);
}
