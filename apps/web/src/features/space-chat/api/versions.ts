import { queryOptions } from '@tanstack/react-query';
import type { VersionFilesResponse, VersionsResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { appPath } from './chat-messages';

/** GET /api/apps/{appId}/versions/{versionId}: a version's files (a snapshot never changes). */
export function versionQuery(appId: string, versionId: string) {
  return queryOptions({
    queryKey: [...queryKeys.app(appId), 'versions', versionId] as const,
    queryFn: ({ signal }) =>
      api<VersionFilesResponse>(`${appPath(appId)}/versions/${encodeURIComponent(versionId)}`, { signal }),
    staleTime: Infinity,
  });
}

/**
 * The same version read now, for a revert's confirmation: its `accessChanges` compare it with the app as it is at
 * this moment, so they are never taken from a cache.
 */
export function versionAccessQuery(appId: string, versionId: string) {
  return queryOptions({
    queryKey: [...queryKeys.app(appId), 'versions', versionId, 'access'] as const,
    queryFn: async ({ signal }) =>
      (
        await api<VersionFilesResponse>(`${appPath(appId)}/versions/${encodeURIComponent(versionId)}`, {
          signal,
        })
      ).accessChanges ?? [],
    staleTime: 0,
    gcTime: 0,
  });
}

/** GET /api/apps/{appId}/versions: the kept versions, newest first, each with what it changed (read when opened). */
export function versionsListQuery(appId: string) {
  return queryOptions({
    queryKey: [...queryKeys.app(appId), 'versions'] as const,
    queryFn: ({ signal }) => api<VersionsResponse>(`${appPath(appId)}/versions`, { signal }),
    staleTime: 0,
  });
}
