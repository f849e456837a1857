import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyCreated, ApiKeysResponse, ApiKeyView } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const base = (appId: string) => `/api/apps/${encodeURIComponent(appId)}/api-keys`;

/** `GET /api/apps/{appId}/api-keys`: the app's live keys, newest first, without the keys themselves. */
export function apiKeysQuery(appId: string) {
  return queryOptions({
    queryKey: [...queryKeys.app(appId), 'api-keys'] as const,
    queryFn: ({ signal }) => api<ApiKeysResponse>(base(appId), { signal }),
  });
}

/** `POST /api/apps/{appId}/api-keys {name}` → the key, in this answer only; the list gets the new key first. */
export function useCreateApiKey(appId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = apiKeysQuery(appId);
  return useMutation({
    mutationFn: (name: string) => api<ApiKeyCreated>(base(appId), { body: { name } }),
    onSuccess: ({ key: _key, ...created }) => {
      const view: ApiKeyView = { ...created, lastUsedAt: null };
      queryClient.setQueryData<ApiKeysResponse>(queryKey, (list) =>
        list ? { apiKeys: [view, ...list.apiKeys.filter((k) => k.id !== view.id)] } : list,
      );
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });
}

/** `DELETE /api/apps/{appId}/api-keys/{keyId}`: the key stops working at once. */
export function useRevokeApiKey(appId: string) {
  const queryClient = useQueryClient();
  const { queryKey } = apiKeysQuery(appId);
  return useMutation({
    mutationFn: (keyId: string) =>
      api<unknown>(`${base(appId)}/${encodeURIComponent(keyId)}`, { method: 'DELETE' }),
    onSuccess: (_res, keyId) => {
      queryClient.setQueryData<ApiKeysResponse>(queryKey, (list) =>
        list ? { apiKeys: list.apiKeys.filter((k) => k.id !== keyId) } : list,
      );
    },
  });
}
