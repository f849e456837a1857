import { scrapeLimits } from '@buildai/domain';
import type { Platform } from '../../../platform';
import type { AddressPolicy, Resolver } from './address';

/** Adjustments of the scraper for one platform: a resolver, shorter caps (tests). */
export interface ScraperOverrides {
  resolve?: Resolver;
  pageTimeoutMs?: number;
  maxPageBytes?: number;
}

/**
 * The web scraper of one server (built by `createServices`): its address policy, and the adjustments a test passed
 * where it created the server. The adjustments are read on each crawl, so a test may change them between cases.
 */
export class ScraperSettings {
  private warned = false;

  constructor(
    private readonly platform: Pick<Platform, 'config' | 'logger'>,
    readonly overrides: ScraperOverrides = {},
  ) {}

  /** The address policy of this server; SCRAPER_ALLOW_LOOPBACK (never in production) is logged once. */
  policy(): AddressPolicy {
    const { config, logger } = this.platform;
    const allowLoopback = config.SCRAPER_ALLOW_LOOPBACK && config.NODE_ENV !== 'production';
    if (allowLoopback && !this.warned) {
      this.warned = true;
      logger.warn('SCRAPER_ALLOW_LOOPBACK is on: the web scraper may reach 127.0.0.1 (tests only)');
    }
    return { allowLoopback };
  }
}

/** Depth and pages for an account: its plan's, or the top plan's for an admin. */
export function crawlLimits(plan: string, isAdmin: boolean) {
  return scrapeLimits(isAdmin ? 'moon' : plan);
}
