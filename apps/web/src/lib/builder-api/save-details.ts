import type { QueryClient } from '@tanstack/react-query';
import { APP_BUILDER_VERSION, type AppView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A generated app's own header and subheader (spec 001 §2 App details). */
export interface AppDetails {
  header: string;
  description: string;
}

/** POST /api/apps {appType: 'generated', appId, genApp} → the app. */
export function saveDetails(appId: string, details: AppDetails): Promise<AppView> {
  return api<AppView>('/api/apps', {
    body: {
      appType: 'generated',
      appId,
      genApp: {
        header: details.header,
        description: details.description,
        appBuilderVersion: APP_BUILDER_VERSION,
      },
    },
  });
}

export function cacheSavedDetails(queryClient: QueryClient, appId: string, saved: AppView) {
  queryClient.setQueryData<AppView>(queryKeys.app(appId), (view) =>
    view ? { ...view, header: saved.header, description: saved.description } : view,
  );
}
