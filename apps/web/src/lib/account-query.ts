import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Account } from '@buildai/domain';
import { api } from './api-client';
import { queryKeys } from './query-keys';

export const ACCOUNT_PATH = '/api/live_api/account/current';

/**
 * GET /api/live_api/account/current[?appId=] — the signed-in user's Account (spec 000 §3). `idToken` asks with a
 * token the session does not hold yet (the sign-in that is finishing); `appId` names an app's tenant.
 */
export function fetchCurrentAccount(
  opts: { idToken?: string; appId?: string | null; signal?: AbortSignal } = {},
): Promise<Account> {
  const path = opts.appId ? `${ACCOUNT_PATH}?appId=${encodeURIComponent(opts.appId)}` : ACCOUNT_PATH;
  return api<Account>(path, {
    signal: opts.signal,
    headers: opts.idToken ? { Authorization: `Bearer ${opts.idToken}` } : undefined,
  });
}

/**
 * The one query of the signed-in account (`queryKeys.account`): the session fills it, the plans screen reads it, a
 * purchase or a verified email writes it. Every reader uses these options so the cache entry has one fetcher.
 */
export const accountQuery = queryOptions({
  queryKey: queryKeys.account,
  queryFn: ({ signal }) => fetchCurrentAccount({ signal }),
  retry: false,
  staleTime: 5 * 60_000,
});

/** The signed-in account from the shared entry; asks the server only when the entry is missing or stale. */
export function useAccountQuery(enabled = true) {
  return useQuery({ ...accountQuery, enabled });
}
