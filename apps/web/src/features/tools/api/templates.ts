import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateToolResponse, ToolTemplate } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const toolTemplatesKey = ['tool-templates'] as const;

/** GET /api/apps/templates — published apps marked as tool templates. */
export function fetchToolTemplates(signal?: AbortSignal) {
  return api<ToolTemplate[]>('/api/apps/templates', { signal });
}

export function useToolTemplates() {
  return useQuery({
    queryKey: toolTemplatesKey,
    queryFn: ({ signal }) => fetchToolTemplates(signal),
  });
}

/** POST /api/apps/{appId}/tools/fromTemplate — copies a template tool into the app as a draft. */
export function addToolFromTemplate(appId: string, input: { templateAppId: string; toolId: string }) {
  return api<CreateToolResponse>(`/api/apps/${encodeURIComponent(appId)}/tools/fromTemplate`, {
    body: input,
  });
}

export function useAddToolFromTemplate(appId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { templateAppId: string; toolId: string }) => addToolFromTemplate(appId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.app(appId) }),
  });
}
