import { customAlphabet } from 'nanoid';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** One generator per length; nanoid draws them all from one pool of random bytes, refilled a few KB at a time. */
const generators = new Map<number, () => string>();

/** A random, URL-safe id (base62, ~119 bits at the default length). */
export function newId(length = 20): string {
  let generate = generators.get(length);
  if (!generate) generators.set(length, (generate = customAlphabet(ALPHABET, length)));
  return generate();
}

/** A short lowercase id for human-visible slugs such as tool paths. */
export function newSlugId(length = 6): string {
  return newId(length * 2)
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, length)
    .padEnd(length, '0');
}
