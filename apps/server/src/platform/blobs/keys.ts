/** Keys are checked the same way for every implementation, so a key that works embedded works on S3 and back. */

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
const MAX_KEY_LENGTH = 1024;

function refuse(what: string, value: string, why: string): never {
  throw new Error(`Invalid blob ${what} ${JSON.stringify(value)}: ${why}`);
}

function checkCharacters(what: string, value: string): void {
  if (value.includes('\0')) refuse(what, value, 'it contains a NUL character');
  if (value.includes('\\')) refuse(what, value, 'it contains a backslash');
  if (value.startsWith('/')) refuse(what, value, 'it is an absolute path');
  if (value.length > MAX_KEY_LENGTH) refuse(what, value, `it is longer than ${MAX_KEY_LENGTH} characters`);
}

function checkSegments(what: string, value: string, segments: string[]): void {
  for (const s of segments) {
    if (s === '') refuse(what, value, 'it has an empty path segment');
    // `..` would leave the blob root on a filesystem; `.` would name the same file as a shorter key.
    if (s === '.' || s === '..') refuse(what, value, `it has a "${s}" path segment`);
  }
}

export function assertValidKey(key: string): void {
  if (typeof key !== 'string' || key === '') refuse('key', String(key), 'it is empty');
  checkCharacters('key', key);
  checkSegments('key', key, key.split('/'));
}

/** A prefix may end anywhere, even mid-segment; only its directory part must be a valid path. */
export function assertValidPrefix(prefix: string): void {
  if (typeof prefix !== 'string') refuse('prefix', String(prefix), 'it is not a string');
  checkCharacters('prefix', prefix);
  const slash = prefix.lastIndexOf('/');
  if (slash >= 0) checkSegments('prefix', prefix, prefix.slice(0, slash).split('/'));
}

export function toBuffer(body: Uint8Array | string): Buffer {
  if (typeof body === 'string') return Buffer.from(body, 'utf8');
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}
