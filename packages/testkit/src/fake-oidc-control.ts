// Client of the fake OpenID provider's control API, for tests whose fake runs in another process (e2e).
import type {
  FakeOidcClaimOverrides,
  FakeOidcOverrideOptions,
  FakeOidcRecord,
  FakeOidcUser,
} from './fake-oidc';
import { controlClient } from './control-client';

export interface FakeOidcControl {
  setUser(user: FakeOidcUser): Promise<void>;
  denyNext(): Promise<void>;
  nextIdTokenOverrides(claims: FakeOidcClaimOverrides, options?: FakeOidcOverrideOptions): Promise<void>;
  setConsentPage(enabled: boolean): Promise<void>;
  reset(): Promise<void>;
  requests(): Promise<FakeOidcRecord[]>;
}

/** Takes the fake's issuer URL (`http://127.0.0.1:PORT`). */
export function fakeOidcControl(issuer: string): FakeOidcControl {
  const origin = issuer.replace(/\/+$/, '');

  const call = controlClient(origin, 'Fake OIDC');

  return {
    setUser: async (user) => void (await call('POST', 'user', user)),
    denyNext: async () => void (await call('POST', 'deny')),
    nextIdTokenOverrides: async (claims, options = {}) =>
      void (await call('POST', 'id-token-overrides', { claims, foreignKey: options.foreignKey ?? false })),
    setConsentPage: async (enabled) => void (await call('POST', 'consent-page', { enabled })),
    reset: async () => void (await call('POST', 'reset')),
    requests: async () => (await call('GET', 'requests')) as FakeOidcRecord[],
  };
}
