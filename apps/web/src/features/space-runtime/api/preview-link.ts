import { queryOptions } from '@tanstack/react-query';
import type { PreviewTokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

/** How long before its expiry a preview link is replaced rather than used for another load. */
export const PREVIEW_LINK_MARGIN_MS = 60_000;
const MAX_FRESH_MS = 60 * 60_000;

/**
 * The preview link of a space app's current files (POST /api/apps/{appId}/preview-token). The document it opens is
 * built from the files at each load (`no-store`), so one link serves every reload while it is valid: asking for a
 * new one per change cost a round trip that waits behind the chat turn's own writes (bench (i)). It is fresh until
 * a minute before it expires, then the next load asks for another.
 */
export function previewLinkQuery(appId: string) {
  return queryOptions({
    queryKey: ['apps', appId, 'preview-link'] as const,
    queryFn: ({ signal }) =>
      api<PreviewTokenResponse>(`/api/apps/${encodeURIComponent(appId)}/preview-token`, {
        method: 'POST',
        signal,
      }),
    staleTime: (query) => {
      const expiresAt = query.state.data ? Date.parse(query.state.data.expiresAt) : NaN;
      if (Number.isNaN(expiresAt)) return 0;
      // capped: the query's stale timer is a setTimeout, which a far expiry would overflow
      return Math.min(MAX_FRESH_MS, Math.max(0, expiresAt - Date.now() - PREVIEW_LINK_MARGIN_MS));
    },
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
