import { isDeepStrictEqual } from 'node:util';

/**
 * The stored object with the keys the client sent laid over it. The client sends whole objects, but a key it
 * leaves out keeps its stored value rather than falling back to the default.
 */
export function mergeSent<T extends object>(stored: T, parsed: T, sent: Record<string, unknown>): T {
  const merged = { ...stored };
  for (const key of Object.keys(parsed) as (keyof T)[]) {
    if (Object.hasOwn(sent, key)) merged[key] = parsed[key];
  }
  return merged;
}

/** The keys among `keys` whose value differs between the two objects. */
export function changedKeys<T extends object, K extends keyof T>(
  before: T,
  after: T,
  keys: readonly K[],
): K[] {
  return keys.filter((k) => !isDeepStrictEqual(before[k], after[k]));
}
