import type { QueryClient } from '@tanstack/react-query';
import type { AppStyle, AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/apps/{appId}/style {appStyle} → { appStyle }. */
export async function saveStyle(appId: string, appStyle: AppStyle): Promise<AppStyle> {
  const body = await api<{ appStyle: AppStyle }>(`/api/apps/${encodeURIComponent(appId)}/style`, {
    body: { appStyle },
  });
  return body.appStyle;
}

export function cacheSavedStyle(queryClient: QueryClient, appId: string, appStyle: AppStyle) {
  queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) => (view ? { ...view, appStyle } : view));
}
