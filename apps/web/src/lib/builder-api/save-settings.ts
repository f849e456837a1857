import type { QueryClient } from '@tanstack/react-query';
import type { AppSettings, AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/apps/{appId}/settings {appSettings} → { appSettings }. */
export async function saveSettings(appId: string, appSettings: AppSettings): Promise<AppSettings> {
  const body = await api<{ appSettings: AppSettings }>(`/api/apps/${encodeURIComponent(appId)}/settings`, {
    body: { appSettings },
  });
  return body.appSettings;
}

export function cacheSavedSettings(queryClient: QueryClient, appId: string, appSettings: AppSettings) {
  queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) => (view ? { ...view, appSettings } : view));
}
