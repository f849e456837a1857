import { useQuery } from '@tanstack/react-query';
import type { Account } from '@buildai/domain';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { LIVE_API, withAppId } from './paths';

/** GET /api/live_api/account/current[?appId=] — the signed-in user's Account (spec 000 §3). */
export function fetchCurrentAccount(
  opts: { idToken?: string; appId?: string | null; signal?: AbortSignal } = {},
): Promise<Account> {
  return api<Account>(withAppId(`${LIVE_API}/account/current`, opts.appId), {
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
