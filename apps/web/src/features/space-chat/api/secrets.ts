import { queryOptions } from '@tanstack/react-query';
import type { AppSecretsResponse, FunctionLogResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const path = (appId: string) => `/api/apps/${encodeURIComponent(appId)}`;

export const secretsKey = (appId: string) => [...queryKeys.app(appId), 'secrets'] as const;

/** GET /api/apps/{appId}/secrets: the keys, whether each is set, and the missing ones (never a value). */
export function secretsQuery(appId: string) {
  return queryOptions({
    queryKey: secretsKey(appId),
    queryFn: () => api<AppSecretsResponse>(`${path(appId)}/secrets`),
  });
}

/** POST /api/apps/{appId}/secrets */
export function saveSecrets(
  appId: string,
  secrets: { key: string; value: string; instructions?: string }[],
): Promise<AppSecretsResponse> {
  return api<AppSecretsResponse>(`${path(appId)}/secrets`, { method: 'POST', body: { secrets } });
}

export const functionLogKey = (appId: string) => [...queryKeys.app(appId), 'function-log'] as const;

/** GET /api/apps/{appId}/functions/logs: the newest calls of the app's server functions (builders). */
export function functionLogQuery(appId: string) {
  return queryOptions({
    queryKey: functionLogKey(appId),
    queryFn: () => api<FunctionLogResponse>(`${path(appId)}/functions/logs`),
  });
}
