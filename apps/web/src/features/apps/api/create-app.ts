import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppType, NewAppResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/apps/new — creates an app of the given kind (a tool app comes with its first tool). */
export function createApp(kind: AppType): Promise<NewAppResponse> {
  return api<NewAppResponse>('/api/apps/new', { body: { kind } });
}

export function useCreateApp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createApp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps, exact: true }),
  });
}
