import { useQuery } from '@tanstack/react-query';
import type { AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/apps/{appId} — for the owner: the whole app, each tool with its prompt. */
export function fetchBuilderApp(appId: string, signal?: AbortSignal): Promise<AppView> {
  return api<AppView>(`/api/apps/${encodeURIComponent(appId)}`, { signal });
}

export function useBuilderApp(appId: string) {
  return useQuery({
    queryKey: queryKeys.app(appId),
    queryFn: ({ signal }) => fetchBuilderApp(appId, signal),
    // a background refetch must never overwrite what the builder is typing: the editor keeps its own draft
    refetchOnWindowFocus: false,
  });
}
