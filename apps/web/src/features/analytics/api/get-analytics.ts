import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AppAnalytics, AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** `GET /api/apps/{appId}/analytics?days=N`: the owner's numbers; an unpublished app answers 403. */
export function fetchAnalytics(appId: string, days: number, signal?: AbortSignal): Promise<AppAnalytics> {
  return api<AppAnalytics>(`/api/apps/${encodeURIComponent(appId)}/analytics?days=${days}`, { signal });
}

export function useAnalytics(appId: string, days: number) {
  return useQuery({
    queryKey: [...queryKeys.app(appId), 'analytics', days],
    queryFn: ({ signal }) => fetchAnalytics(appId, days, signal),
    // switching the range keeps the last numbers on screen until the new ones arrive
    placeholderData: keepPreviousData,
  });
}

/** The app itself, for its name when there are no numbers to show (an unpublished app). */
export function useAppName(appId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.app(appId),
    queryFn: ({ signal }) => api<AppView>(`/api/apps/${encodeURIComponent(appId)}`, { signal }),
    enabled,
    select: (app) => app.header,
  });
}
