import type { Platform } from '../../platform';
import { OpenIdProvider } from './google';
import { SessionCheck } from './session-check';
import { LoginThrottle, type LoginThrottleOptions } from './throttle';
import { SigningKey } from './tokens';

/** What identity keeps for one server (built once by `createServices`, decision 0005). */
export interface IdentityServices {
  /** the key that signs tokens and the server's other signed values */
  signingKey: SigningKey;
  /** the OpenID provider of GOOGLE_ISSUER (Google sign-in and the Google Drive import) */
  openId: OpenIdProvider;
  /** whether the session of an id token is still open, with a short cache (docs/decisions/0006) */
  sessions: SessionCheck;
  /** the password tries per account and address, and its growing lockouts (docs/decisions/0006) */
  loginThrottle: LoginThrottle;
}

export interface IdentityOptions {
  /** a test's shorter lockout steps */
  loginThrottle?: LoginThrottleOptions;
}

export function createIdentityServices(platform: Platform, options: IdentityOptions = {}): IdentityServices {
  return {
    signingKey: new SigningKey(platform),
    openId: new OpenIdProvider(platform),
    sessions: new SessionCheck(platform),
    loginThrottle: new LoginThrottle(platform, options.loginThrottle),
  };
}
