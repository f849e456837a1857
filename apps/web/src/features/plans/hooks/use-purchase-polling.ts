import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ALIVE_SUBSCRIPTION_STATUS, type Account } from '@buildai/domain';
import { queryKeys } from '@/lib/query-keys';
import { fetchCurrentAccount } from '@/lib/account-query';
import { pollForPurchase } from '../lib/purchase-poll';

export type PurchaseStatus = 'idle' | 'polling' | 'confirmed' | 'timeout';

export interface PurchaseState {
  status: PurchaseStatus;
  /** the sale being checked (the `sale_id` the payment page sent back) */
  saleId: string | null;
  /** the account once the purchase shows */
  account: Account | null;
  /** ask again after a timeout */
  retry: () => void;
}

/**
 * While `saleId` is set, polls the account until the purchase shows, then puts the new account in the shared
 * cache (`queryKeys.account`) so every screen shows the new plan.
 */
export function usePurchasePolling(saleId: string | null): PurchaseState {
  const queryClient = useQueryClient();
  const [round, setRound] = React.useState(0);
  const [result, setResult] = React.useState<{
    key: string;
    status: 'confirmed' | 'timeout';
    account: Account | null;
  } | null>(null);

  const key = saleId ? `${saleId}#${round}` : null;

  React.useEffect(() => {
    if (!saleId || !key) return;
    const controller = new AbortController();
    const before = queryClient.getQueryData<Account>(queryKeys.account);
    pollForPurchase({
      saleId,
      aliveBefore: before?.planSubscriptionStatus === ALIVE_SUBSCRIPTION_STATUS,
      signal: controller.signal,
      fetchAccount: (signal) => fetchCurrentAccount({ signal }),
    }).then(
      (res) => {
        if (res.status === 'confirmed') queryClient.setQueryData(queryKeys.account, res.account);
        setResult({ key, status: res.status, account: res.status === 'confirmed' ? res.account : null });
      },
      () => {
        // aborted: the sale changed or the host unmounted
      },
    );
    return () => controller.abort();
  }, [saleId, key, queryClient]);

  const retry = React.useCallback(() => setRound((r) => r + 1), []);

  if (!saleId) return { status: 'idle', saleId: null, account: null, retry };
  if (result?.key !== key) return { status: 'polling', saleId, account: null, retry };
  return { status: result.status, saleId, account: result.account, retry };
}
