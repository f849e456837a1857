import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClaimInvitationInfo, ClaimResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const path = (invitationId: string) => `/api/claim/${encodeURIComponent(invitationId)}`;
export const invitationKey = (invitationId: string) => ['claim', invitationId] as const;

/** GET /api/claim/{invitationId}: the app and whether the invitation is still open (anyone may ask). */
export function useInvitation(invitationId: string) {
  return useQuery({
    queryKey: invitationKey(invitationId),
    queryFn: ({ signal }) => api<ClaimInvitationInfo>(path(invitationId), { signal }),
    retry: false,
  });
}

/** POST /api/claim/{invitationId} {claimCode} → {appId}; the app joins the builder's list. */
export function useClaimApp(invitationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (claimCode: string) => api<ClaimResponse>(path(invitationId), { body: { claimCode } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
    // a used or dead invitation: show it as the page would on a fresh visit
    onError: () => queryClient.invalidateQueries({ queryKey: invitationKey(invitationId) }),
  });
}
