import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AppAnalytics } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { appQuery } from '@/lib/app-query';
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
    ...appQuery(appId),
    enabled,
    select: (app) => app.header,
  });
}
