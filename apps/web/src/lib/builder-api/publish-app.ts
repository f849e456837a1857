import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/apps/{appId}/publish — makes the app (and its active tools) public. */
export function publishApp(appId: string): Promise<AppView> {
  return api<AppView>(`/api/apps/${encodeURIComponent(appId)}/publish`, { method: 'POST' });
}

export function usePublishApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishApp,
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.app(view.appId), view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps, exact: true });
    },
  });
}
