import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyHistoryEntry } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const historyPath = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/my-history`;

/** `GET /api/apps/{appId}/my-history`: the caller's own latest runs of the app (session or visitor cookie). */
export function useMyHistory(appId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: queryKeys.myHistory(appId),
    queryFn: ({ signal }) => api<MyHistoryEntry[]>(historyPath(appId), { signal }),
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}

/** `DELETE /api/apps/{appId}/my-history`: erases everything the caller asked the app; the list is read again. */
export function useDeleteMyHistory(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ erased: number }>(historyPath(appId), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myHistory(appId) }),
  });
}
