import { queryOptions } from '@tanstack/react-query';
import type { PreviewTokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

/** How long before its expiry a signed link is replaced rather than used for another load. */
export const SIGNED_LINK_MARGIN_MS = 60_000;
const MAX_FRESH_MS = 60 * 60_000;

/**
 * A short-lived signed link to a space app's document on the app origin, which sees no session (POST
 * /api/apps/{appId}/{route}). One link serves every load while it is valid; it is fresh until a minute before it
 * expires, then the next load asks for another.
 */
export function signedLinkQuery(
  appId: string,
  route: 'preview-token' | 'member-link',
  retry: number | false,
) {
  return queryOptions({
    queryKey: ['apps', appId, route] as const,
    queryFn: ({ signal }) =>
      api<PreviewTokenResponse>(`/api/apps/${encodeURIComponent(appId)}/${route}`, {
        method: 'POST',
        signal,
      }),
    staleTime: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expiresAt) : NaN;
      if (Number.isNaN(expiresAt)) return 0;
      // capped: the query's stale timer is a setTimeout, which a far expiry would overflow
      return Math.min(MAX_FRESH_MS, Math.max(0, expiresAt - Date.now() - SIGNED_LINK_MARGIN_MS));
    },
    gcTime: 0,
    retry,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
