import { cleanJson, cleanText } from '../../http/clean-json';

/**
 * What the model writes is untrusted text: a U+0000 or a lone surrogate in it makes PostgreSQL refuse the whole row
 * (text and jsonb). Request bodies are cleaned on the way in (decision 0006); the model's output is cleaned the same
 * way before it is stored or applied (decision 0007, "Hardening of the chat"). The values cleaned here are the
 * answer's own few levels of parts and actions, never a structure the model chose the depth of.
 */
export function cleanStored<T>(value: T): T {
  if (typeof value === 'string') return cleanText(value) as T;
  if (Array.isArray(value)) return value.map((v) => cleanStored(v)) as T;
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [cleanText(k), cleanStored(v)])) as T;
  }
  return value;
}

/**
 * A structure the model chose the shape of (an entity schema, records), cleaned as a request body is: strings and
 * keys, `__proto__` keys dropped, nesting bounded. Null when it is nested too deeply to keep.
 */
export function cleanModelJson(value: unknown): unknown {
  try {
    return cleanJson(value);
  } catch {
    return null;
  }
}
