import {
  ALIVE_SUBSCRIPTION_STATUS,
  PURCHASE_POLL_INTERVAL_MS,
  PURCHASE_POLL_MAX_TRIES,
  type Account,
} from '@buildai/domain';

/**
 * The purchase shows in the account: the subscription is alive, or the sale is among its payments (spec 001 §4).
 * An account whose subscription was alive before this purchase (a change of plan) waits for the sale itself.
 */
export function isPurchaseConfirmed(
  account: Pick<Account, 'planSubscriptionStatus' | 'subscriptionPaymentsIds'>,
  saleId: string,
  { aliveBefore = false }: { aliveBefore?: boolean } = {},
): boolean {
  return (
    (!aliveBefore && account.planSubscriptionStatus === ALIVE_SUBSCRIPTION_STATUS) ||
    (account.subscriptionPaymentsIds ?? []).includes(saleId)
  );
}

export type PollResult =
  { status: 'confirmed'; account: Account; tries: number } | { status: 'timeout'; tries: number };

export interface PollOptions {
  saleId: string;
  fetchAccount: (signal: AbortSignal) => Promise<Account>;
  signal: AbortSignal;
  intervalMs?: number;
  maxTries?: number;
  /** after every try, with its number (1-based) */
  onTry?: (tries: number) => void;
  /** the subscription was alive before this purchase: only the sale id confirms it */
  aliveBefore?: boolean;
}

/**
 * Back from the payment page (spec 001 §4, §9): asks for the account every 4 s, 15 times at most, until the
 * purchase shows. A failed request counts as a try. Rejects with an AbortError when `signal` aborts.
 */
export async function pollForPurchase({
  saleId,
  fetchAccount,
  signal,
  intervalMs = PURCHASE_POLL_INTERVAL_MS,
  maxTries = PURCHASE_POLL_MAX_TRIES,
  onTry,
  aliveBefore = false,
}: PollOptions): Promise<PollResult> {
  for (let tries = 1; tries <= maxTries; tries++) {
    await sleep(intervalMs, signal);
    let account: Account | null = null;
    try {
      account = await fetchAccount(signal);
    } catch (err) {
      if (signal.aborted) throw abortError();
      void err; // a failed try: ask again on the next tick
    }
    if (signal.aborted) throw abortError();
    onTry?.(tries);
    if (account && isPurchaseConfirmed(account, saleId, { aliveBefore }))
      return { status: 'confirmed', account, tries };
  }
  return { status: 'timeout', tries: maxTries };
}

function abortError() {
  return new DOMException('The purchase check was stopped.', 'AbortError');
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const id = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(id);
      reject(abortError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
