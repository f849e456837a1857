import { scrapeLimits } from '@buildai/domain';
import type { Platform } from '../../../platform';
import type { AddressPolicy, Resolver } from './address';

/** Adjustments of the scraper for one platform: a resolver, shorter caps (tests). */
export interface ScraperOverrides {
  resolve?: Resolver;
  pageTimeoutMs?: number;
  maxPageBytes?: number;
}

const overrides = new WeakMap<Platform, ScraperOverrides>();
const warned = new WeakSet<Platform>();

export function setScraperOverrides(platform: Platform, value: ScraperOverrides): void {
  overrides.set(platform, value);
}
export function scraperOverrides(platform: Platform): ScraperOverrides {
  return overrides.get(platform) ?? {};
}

/** The address policy of this server; SCRAPER_ALLOW_LOOPBACK (never in production) is logged once. */
export function addressPolicy(platform: Platform): AddressPolicy {
  const allowLoopback = platform.config.SCRAPER_ALLOW_LOOPBACK && platform.config.NODE_ENV !== 'production';
  if (allowLoopback && !warned.has(platform)) {
    warned.add(platform);
    platform.logger.warn('SCRAPER_ALLOW_LOOPBACK is on: the web scraper may reach 127.0.0.1 (tests only)');
  }
  return { allowLoopback };
}

/** Depth and pages for an account: its plan's, or the top plan's for an admin. */
export function crawlLimits(plan: string, isAdmin: boolean) {
  return scrapeLimits(isAdmin ? 'moon' : plan);
}
