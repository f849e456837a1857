import { useQuery } from '@tanstack/react-query';
import type { AppListItem } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/apps — the builder's own apps, newest first. */
export async function fetchApps(signal?: AbortSignal): Promise<AppListItem[]> {
  const body = await api<{ apps: AppListItem[] }>('/api/apps', { signal });
  return body.apps;
}

export function useApps() {
  return useQuery({ queryKey: queryKeys.apps, queryFn: ({ signal }) => fetchApps(signal) });
}
