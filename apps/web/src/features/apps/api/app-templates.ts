import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AppTemplate, NewAppResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const appTemplatesKey = ['app-templates'] as const;

/** GET /api/app-templates: the apps admins offer as starting points. */
export function useAppTemplates(enabled = true) {
  return useQuery({
    queryKey: appTemplatesKey,
    queryFn: ({ signal }) => api<AppTemplate[]>('/api/app-templates', { signal }),
    enabled,
  });
}

/** POST /api/app-templates/{appId}/copy → the builder's new app. */
export function useCopyAppTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (appId: string) =>
      api<NewAppResponse>(`/api/app-templates/${encodeURIComponent(appId)}/copy`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps, exact: true }),
  });
}
