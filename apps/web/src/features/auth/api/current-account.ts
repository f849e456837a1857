import { useQuery } from '@tanstack/react-query';
import type { Account } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** GET /api/live_api/account/current — the signed-in builder's Account (spec 000 §3). */
export function fetchCurrentAccount(opts: { idToken?: string; signal?: AbortSignal } = {}): Promise<Account> {
  return api<Account>('/api/live_api/account/current', {
    signal: opts.signal,
    headers: opts.idToken ? { Authorization: `Bearer ${opts.idToken}` } : undefined,
  });
}

export function useCurrentAccount(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => fetchCurrentAccount({ signal }),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}
