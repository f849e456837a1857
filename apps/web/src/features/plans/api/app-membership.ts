import { useQuery } from '@tanstack/react-query';
import type { MembershipStatus } from '@buildai/domain';
import { api } from '@/lib/api-client';

export const appMembershipKey = (appId: string) => ['plans', 'membership', appId] as const;

/**
 * GET /api/apps/{appId}/membership: the app's single plan as its visitors get it (the plan card built from the
 * connected product and the app's name). The owner is never gated but gets the same plan.
 */
export function useAppMembership(appId: string | null) {
  return useQuery({
    queryKey: appMembershipKey(appId ?? ''),
    queryFn: ({ signal }) =>
      api<MembershipStatus>(`/api/apps/${encodeURIComponent(appId ?? '')}/membership`, { signal }),
    enabled: Boolean(appId),
    // the builder may just have connected another product: always ask again when the preview opens
    staleTime: 0,
    retry: false,
  });
}
