import { useQuery } from '@tanstack/react-query';
import type { RunResult } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** A stored run as `GET /api/apps/{appId}/runs/{runId}` answers it (docs/decisions/0003). */
export type SavedRun = RunResult;

export const savedRunKey = (appId: string, runId: string) =>
  [...queryKeys.app(appId), 'runs', runId] as const;

export function fetchSavedRun(appId: string, runId: string, signal?: AbortSignal): Promise<SavedRun> {
  return api<SavedRun>(`/api/apps/${encodeURIComponent(appId)}/runs/${encodeURIComponent(runId)}`, {
    signal,
  });
}

/** The run a result path names; a run just streamed on this page is already in the cache. */
export function useSavedRun(appId: string, runId: string | undefined) {
  return useQuery({
    queryKey: savedRunKey(appId, runId ?? ''),
    queryFn: ({ signal }) => fetchSavedRun(appId, runId!, signal),
    enabled: Boolean(runId),
    staleTime: Infinity,
    retry: false,
  });
}
