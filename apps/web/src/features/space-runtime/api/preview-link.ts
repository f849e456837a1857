import { queryOptions } from '@tanstack/react-query';
import type { PreviewTokenResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

/**
 * The preview link of a space app's current files (POST /api/apps/{appId}/preview-token): short-lived, so one is
 * asked for each load of the frame (`refreshKey`) and never kept.
 */
export function previewLinkQuery(appId: string, refreshKey: number) {
  return queryOptions({
    queryKey: ['apps', appId, 'preview-link', refreshKey] as const,
    queryFn: ({ signal }) =>
      api<PreviewTokenResponse>(`/api/apps/${encodeURIComponent(appId)}/preview-token`, {
        method: 'POST',
        signal,
      }),
    staleTime: Infinity,
    gcTime: 0,
    retry: 1,
    refetchOnWindowFocus: false,
  });
}
