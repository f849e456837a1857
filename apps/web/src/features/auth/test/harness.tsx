import * as React from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { render } from '@testing-library/react';
import type { Account, AuthConfig } from '@buildai/domain';
import { Toaster } from '@/components/ui/toaster';
import { queryKeys } from '@/lib/query-keys';
import { RouterNavigation } from '@/lib/router-navigation';
import { setToken } from '@/lib/session';
import { AuthProvider } from '../hooks/auth-provider';

import { makeAccount } from '@/test/fixtures';

export { makeAccount };

export const PLATFORM_CONFIG: AuthConfig = {
  tenantId: 'platform',
  appId: null,
  appName: null,
  signUpEnabled: true,
  googleEnabled: true,
  branding: null,
  termsOfServiceLink: '',
  privacyPolicyLink: '',
  supportEmail: '',
};

export const TOKENS = { idToken: 'id-token-1', expiresIn: 3600 };

/** Shows where the router is: `{pathname}{search}`. */
function Where() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname + location.search}</div>;
}

/**
 * Renders `element` at `path` (entered as `url`) inside the real session provider, a fresh query cache, the
 * toaster and a router whose other paths show their location. `account` signs a user in first.
 */
export function renderRoute(
  element: React.ReactNode,
  { path, url, account, strict = false }: { path: string; url: string; account?: Account; strict?: boolean },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  if (account) {
    queryClient.setQueryData(queryKeys.account, account);
    setToken(TOKENS);
  }
  const router = createMemoryRouter(
    [
      {
        path,
        element: (
          <RouterNavigation>
            {element}
            <Where />
          </RouterNavigation>
        ),
      },
      { path: '*', element: <Where /> },
    ],
    { initialEntries: [url] },
  );
  const tree = (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  );
  return { ...render(strict ? <React.StrictMode>{tree}</React.StrictMode> : tree), router, queryClient };
}

/** The sign-in config of an app with user signup on, in its own colours (`GET /api/live_api/auth/config?appId=a1`). */
export function makeAppAuthConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    tenantId: 'a1',
    appId: 'a1',
    appName: 'Acme Coach',
    signUpEnabled: true,
    googleEnabled: false,
    branding: {
      header: 'Acme Coach',
      logoUrl: '',
      styleName: 'light',
      backgroundColor: '#102030',
      headerTextColor: '',
      subheaderTextColor: '',
      buttonTextColor: '#000000',
      buttonBackgroundColor: '#ff6600',
    },
    termsOfServiceLink: 'https://acme.example/terms',
    privacyPolicyLink: 'https://acme.example/privacy',
    supportEmail: 'help@acme.example',
    ...overrides,
  };
}
