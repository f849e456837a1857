import type { Platform } from '../../platform';
import type { ParseLimits } from './parse';

const parseLimits = new WeakMap<Platform, ParseLimits>();

/** Overrides the parsers' limits (time, heap, DOCX sizes) for one platform; tests use it to prove the limits. */
export function setParseLimits(platform: Platform, limits: ParseLimits): void {
  parseLimits.set(platform, limits);
}

export function parseLimitsOf(platform: Platform): ParseLimits {
  return parseLimits.get(platform) ?? {};
}
