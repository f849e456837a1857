import { AppError } from '@buildai/domain';

/** Deeper than any body the product sends; checked so a hostile body cannot exhaust the stack. */
export const MAX_JSON_DEPTH = 64;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as the database can keep it (docs/decisions/0006): PostgreSQL refuses U+0000 in text and jsonb and a
 * lone surrogate in jsonb, so U+0000 is removed and a lone surrogate becomes U+FFFD (what a UTF-8 encoder writes
 * for it anyway).
 */
export function cleanText(text: string): string {
  return text.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
}

/**
 * A parsed JSON body with every string and key cleaned, `__proto__` keys dropped (they would set an object's
 * prototype wherever the body is copied), and nesting past MAX_JSON_DEPTH refused with 400.
 */
export function cleanJson(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_JSON_DEPTH) {
    throw new AppError('request/invalid', { message: 'The request body is nested too deeply' });
  }
  if (Array.isArray(value)) return value.map((item) => cleanJson(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (key === '__proto__') continue;
    out[cleanText(key)] = cleanJson(item, depth + 1);
  }
  return out;
}
