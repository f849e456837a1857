import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AppPrivacy, AppPrivacyView, LogDetail, LogsPage } from '@buildai/domain';
import { api, apiResponse } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { filtersToQuery, type LogFilterValues } from '../lib/filters';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;
const logsKey = (appId: string) => [...queryKeys.app(appId), 'logs'] as const;
export const privacyKey = (appId: string) => [...queryKeys.app(appId), 'privacy'] as const;

/** `GET /api/apps/{appId}/logs`: pages of runs, newest first, for the filters (and personal fields when revealed). */
export function useLogs(appId: string, filters: LogFilterValues, reveal: boolean) {
  const client = useQueryClient();
  return useInfiniteQuery({
    queryKey: [...logsKey(appId), 'list', filters, reveal],
    queryFn: async ({ pageParam, signal }) => {
      const query = filtersToQuery(filters, { reveal, cursor: pageParam });
      const page = await api<LogsPage>(`${base(appId)}/logs${query}`, { signal });
      // the reveal was recorded: the privacy card lists it
      if (reveal) void client.invalidateQueries({ queryKey: privacyKey(appId) });
      return page;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** `GET /api/apps/{appId}/logs/{runId}`: one run and its conversation. */
export function useLogDetail(appId: string, runId: string | null, reveal: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: [...logsKey(appId), 'run', runId, reveal],
    queryFn: async ({ signal }) => {
      const detail = await api<LogDetail>(
        `${base(appId)}/logs/${encodeURIComponent(runId!)}${reveal ? '?reveal=true' : ''}`,
        { signal },
      );
      if (reveal) void client.invalidateQueries({ queryKey: privacyKey(appId) });
      return detail;
    },
    enabled: runId !== null,
  });
}

export function useDeleteLog(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (runId: string) =>
      api<void>(`${base(appId)}/logs/${encodeURIComponent(runId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: logsKey(appId) }),
  });
}

export function useDeleteAllLogs(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ erased: number }>(`${base(appId)}/logs`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: logsKey(appId) }),
  });
}

/** Downloads `GET /api/apps/{appId}/logs.csv` for the filters (with the session's token, so not a plain link). */
export async function downloadLogsCsv(
  appId: string,
  filters: LogFilterValues,
  reveal: boolean,
): Promise<void> {
  const res = await apiResponse(`${base(appId)}/logs.csv${filtersToQuery(filters, { reveal })}`, {
    headers: { Accept: 'text/csv' },
  });
  const blob = await res.blob();
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `logs-${appId}.csv`;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function usePrivacy(appId: string) {
  return useQuery({
    queryKey: privacyKey(appId),
    queryFn: ({ signal }) => api<AppPrivacyView>(`${base(appId)}/privacy`, { signal }),
  });
}

export function useSavePrivacy(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AppPrivacy) => api<AppPrivacyView>(`${base(appId)}/privacy`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(privacyKey(appId), saved);
      return client.invalidateQueries({ queryKey: logsKey(appId) });
    },
  });
}
