import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AiApp, AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface SaveToolInput {
  appId: string;
  toolId: string;
  app: AiApp;
}

/** POST /api/apps — saves one tool's definition (header, description, prompt, fields…). */
export function saveTool({ appId, toolId, app }: SaveToolInput): Promise<AppView> {
  return api<AppView>('/api/apps', { body: { appType: 'tool', appId, toolId, app } });
}

export function useSaveTool() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTool,
    onSuccess: (view) => {
      queryClient.setQueryData(queryKeys.app(view.appId), view);
      void queryClient.invalidateQueries({ queryKey: queryKeys.apps, exact: true });
    },
  });
}
