import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toastMessages, type Account, type TokenResponse } from '@buildai/domain';
import { toastError } from '@/components/ui/use-toast';
import { isAppError } from '@/lib/api-client';
import { useNavigation } from '@/lib/navigation';
import { queryKeys } from '@/lib/query-keys';
import { clearToken, setToken } from '@/lib/session';
import { createAccount } from '../api/create-account';
import { fetchCurrentAccount } from '@/lib/account-query';
import { signOutRequest } from '../api/sign-out';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spec 000 §4/§9: with a sale id, a 401 on create is retried 7 times, first after 3 s, then every 4 s. */
async function createAccountWithRetry(idToken: string, saleId: string | null, appId: string | null) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await createAccount(idToken, appId, saleId);
    } catch (err) {
      const retryable = saleId && isAppError(err) && err.status === 401 && attempt < 7;
      if (!retryable) throw err;
      await sleep(attempt === 0 ? 3000 : 4000);
    }
  }
}

export interface CompleteSignInOptions {
  /** `sale_id` of the sign-in page: a payment made before the account exists */
  saleId?: string | null;
  /** the app whose end user signs in (its tenant); null on the builders' platform */
  appId?: string | null;
}

/**
 * After any sign-in (password, Google, magic link, one-time code): create (or fetch) the account, load it, and
 * only then keep the token. Resolves the account, or null when it failed: then the spec's toast is shown, the
 * session is signed out and the user lands on the unauthorized page.
 */
export function useCompleteSignIn({ saleId = null, appId = null }: CompleteSignInOptions = {}) {
  const queryClient = useQueryClient();
  const { navigate } = useNavigation();
  return React.useCallback(
    async (tokens: TokenResponse): Promise<Account | null> => {
      try {
        await createAccountWithRetry(tokens.idToken, saleId, appId);
        const account = await fetchCurrentAccount({ idToken: tokens.idToken, appId });
        queryClient.setQueryData(queryKeys.account, account);
        setToken(tokens);
        return account;
      } catch {
        toastError(toastMessages.accountCreateFailed);
        await signOutRequest(tokens.idToken);
        clearToken();
        queryClient.clear();
        const query = saleId ? `?paymentId=${encodeURIComponent(saleId)}` : '';
        navigate(`/error/unauthorized${query}`, { replace: true });
        return null;
      }
    },
    [queryClient, navigate, saleId, appId],
  );
}
