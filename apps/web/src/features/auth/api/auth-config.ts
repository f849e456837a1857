import { useQuery } from '@tanstack/react-query';
import type { AuthBranding, AuthConfig } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { LIVE_API, withAppId } from './paths';

/** GET /api/live_api/auth/config[?appId=] — whether sign-up and Google are offered on this sign-in page. */
export function fetchAuthConfig(appId: string | null, signal?: AbortSignal): Promise<AuthConfig> {
  return api<AuthConfig>(withAppId(`${LIVE_API}/auth/config`, appId), { signal, refreshOn401: false });
}

/** `enabled: false` asks nothing (a page that needs the config of an app only). */
export function useAuthConfig(appId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['auth', 'config', appId ?? ''] as const,
    queryFn: ({ signal }) => fetchAuthConfig(appId, signal),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * The look of an app's sign-in pages for the pages its users reach from them (the verify page, emailed links):
 * nothing is asked without an app; `waiting` while its config is on the way, so the builder's look never flashes
 * first.
 */
export function useAppBranding(appId: string | null): {
  waiting: boolean;
  branding: AuthBranding | null;
  appName: string | null;
} {
  const config = useAuthConfig(appId, { enabled: appId !== null });
  const data = appId ? config.data : undefined;
  return {
    waiting: appId !== null && config.isPending,
    branding: data?.branding ?? null,
    appName: data?.appName ?? null,
  };
}
