import { queryOptions } from '@tanstack/react-query';
import type { FunctionLogResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/apps/{appId}/functions/logs: the newest calls of a space app's server functions (its builders). */
export function functionLogQuery(appId: string) {
  return queryOptions({
    queryKey: [...queryKeys.app(appId), 'function-log'] as const,
    queryFn: ({ signal }) =>
      api<FunctionLogResponse>(`/api/apps/${encodeURIComponent(appId)}/functions/logs`, { signal }),
  });
}
