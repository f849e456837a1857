import { useQuery } from '@tanstack/react-query';
import type { AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/apps/{appId} — for a visitor: the published app with its active tools (the owner sees everything). */
export function fetchRuntimeApp(appId: string, signal?: AbortSignal): Promise<AppView> {
  return api<AppView>(`/api/apps/${encodeURIComponent(appId)}`, { signal });
}

export function useRuntimeApp(appId: string) {
  return useQuery({
    queryKey: queryKeys.app(appId),
    queryFn: ({ signal }) => fetchRuntimeApp(appId, signal),
  });
}
