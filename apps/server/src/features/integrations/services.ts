import type { Platform } from '../../platform';
import type { IdentityServices, OpenIdProvider, SigningKey } from '../identity';
import { ScraperSettings, type ScraperOverrides } from './web/scraper';

/** Adjustments of the integrations a test passes where it creates the server (decision 0005). */
export interface IntegrationOptions {
  scraper?: ScraperOverrides;
}

/** What the integrations of one server keep and use (built once by `createServices`, decision 0005). */
export interface IntegrationServices {
  scraper: ScraperSettings;
  /** identity's signing key: it signs the connect state and seals the stored provider tokens */
  signingKey: SigningKey;
  /** identity's OpenID provider: Google Drive uses Google sign-in's endpoints */
  openId: OpenIdProvider;
}

export function createIntegrationServices(
  platform: Platform,
  identity: IdentityServices,
  options: IntegrationOptions = {},
): IntegrationServices {
  return {
    scraper: new ScraperSettings(platform, options.scraper),
    signingKey: identity.signingKey,
    openId: identity.openId,
  };
}
