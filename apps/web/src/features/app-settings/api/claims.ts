import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimInvitation, CollaboratorsResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';

const path = (appId: string, rest: string) => `/api/apps/${encodeURIComponent(appId)}${rest}`;

/** GET /api/apps/{appId}/settings/claimInvitation → the invite link and code (spec 001 §7). */
export function fetchClaimInvitation(appId: string): Promise<ClaimInvitation> {
  return api<ClaimInvitation>(path(appId, '/settings/claimInvitation'));
}

export const collaboratorsKey = (appId: string) => ['apps', appId, 'collaborators'] as const;

/** GET /api/apps/{appId}/collaborators: the owner and the builders who edit the app with them. */
export function useCollaborators(appId: string) {
  return useQuery({
    queryKey: collaboratorsKey(appId),
    queryFn: ({ signal }) => api<CollaboratorsResponse>(path(appId, '/collaborators'), { signal }),
  });
}

/** POST /api/apps/{appId}/collaborators {email} and DELETE …/collaborators/{accountId}: both answer the list. */
export function useChangeCollaborators(appId: string) {
  const queryClient = useQueryClient();
  const onSuccess = (list: CollaboratorsResponse) => queryClient.setQueryData(collaboratorsKey(appId), list);
  const add = useMutation({
    mutationFn: (email: string) =>
      api<CollaboratorsResponse>(path(appId, '/collaborators'), { body: { email } }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (accountId: string) =>
      api<CollaboratorsResponse>(path(appId, `/collaborators/${encodeURIComponent(accountId)}`), {
        method: 'DELETE',
      }),
    onSuccess,
  });
  return { add, remove };
}
