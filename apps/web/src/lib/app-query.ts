import { queryOptions } from '@tanstack/react-query';
import type { AppView } from '@buildai/domain';
import { api } from './api-client';
import { queryKeys } from './query-keys';

/** GET /api/apps/{appId}: the owner gets the whole app (prompts included), a visitor the published app. */
export function fetchApp(appId: string, signal?: AbortSignal): Promise<AppView> {
  return api<AppView>(`/api/apps/${encodeURIComponent(appId)}`, { signal });
}

/**
 * The one query of an app, used by the runtime, the builder and analytics alike (docs/decisions/0005 "Queries"):
 * a key has one set of options. Not refetched on window focus: the builder's editor keeps its own draft, and a
 * background refetch must never overwrite what the builder is typing; visitors lose nothing by it.
 */
export function appQuery(appId: string) {
  return queryOptions({
    queryKey: queryKeys.app(appId),
    queryFn: ({ signal }) => fetchApp(appId, signal),
    refetchOnWindowFocus: false,
  });
}
