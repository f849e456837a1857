import { queryOptions } from '@tanstack/react-query';
import type { MembershipStatus } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * GET /api/apps/{appId}/membership: whether the app asks for a membership, whether the visitor passes and the plan
 * to offer. Under the app's key, so a sign-in (which asks for the app again) asks for this again too.
 */
export function membershipQuery(appId: string) {
  return queryOptions({
    queryKey: [...queryKeys.app(appId), 'membership'] as const,
    queryFn: ({ signal }) =>
      api<MembershipStatus>(`/api/apps/${encodeURIComponent(appId)}/membership`, { signal }),
    staleTime: 60_000,
    retry: 1,
  });
}

/** The code of the server's refusal of a run, a page or a data call of an app the visitor is not a member of. */
export const MEMBERSHIP_REQUIRED = 'payments/membership-required';
