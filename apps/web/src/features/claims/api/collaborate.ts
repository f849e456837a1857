import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AcceptCollaborationResponse } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/collaborations/accept {invite} → {appId}: the invited builder joins the app. */
export function useAcceptCollaboration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invite: string) =>
      api<AcceptCollaborationResponse>('/api/collaborations/accept', { body: { invite } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.apps }),
  });
}
