import type { Platform } from '../../platform';
import { ScraperSettings, type ScraperOverrides } from './web/scraper';

/** Adjustments of the integrations a test passes where it creates the server (decision 0005). */
export interface IntegrationOptions {
  scraper?: ScraperOverrides;
}

/** What the integrations of one server keep (built once by `createServices`, decision 0005). */
export interface IntegrationServices {
  scraper: ScraperSettings;
}

export function createIntegrationServices(
  platform: Platform,
  options: IntegrationOptions = {},
): IntegrationServices {
  return { scraper: new ScraperSettings(platform, options.scraper) };
}
