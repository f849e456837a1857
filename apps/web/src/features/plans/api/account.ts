import { useQuery } from '@tanstack/react-query';
import type { Account } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/live_api/account/current — read here to mark the current plan and to poll after a purchase. */
export function fetchAccount(signal?: AbortSignal): Promise<Account> {
  return api<Account>('/api/live_api/account/current', { signal });
}

/**
 * The signed-in account, shared through the app-wide cache entry (`queryKeys.account`) that the session fills: in
 * the signed-in shell this reads what is already there and asks the server only when the entry is missing.
 */
export function usePlanAccount() {
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => fetchAccount(signal),
    retry: false,
    staleTime: 5 * 60_000,
  });
}
