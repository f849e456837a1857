import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppUserEntry, AppUsersPage, PatchAppUserRequest } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const usersKey = (appId: string) => [...queryKeys.app(appId), 'users'] as const;

/** `GET /api/apps/{appId}/users?q=`: the app's end users, newest first. */
export function useAppUsers(appId: string, q: string) {
  return useInfiniteQuery({
    queryKey: [...usersKey(appId), q],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q.trim());
      if (pageParam) params.set('cursor', pageParam);
      const query = params.toString();
      return api<AppUsersPage>(`/api/apps/${encodeURIComponent(appId)}/users${query ? `?${query}` : ''}`, {
        signal,
      });
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
  });
}

/** `PATCH /api/apps/{appId}/users/{userId}`: a role change or a disable. */
export function usePatchAppUser(appId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: PatchAppUserRequest }) =>
      api<AppUserEntry>(`/api/apps/${encodeURIComponent(appId)}/users/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: usersKey(appId) }),
  });
}
