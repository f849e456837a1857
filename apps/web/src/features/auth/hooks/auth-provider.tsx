import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AppError, TOKEN_REFRESH_INTERVAL_MS } from '@buildai/domain';
import { clearToken, getToken, mightHaveSession, refreshSession, subscribeToken } from '@/lib/session';
import { signOutRequest } from '../api/sign-out';
import { useAccountQuery } from '@/lib/account-query';
import { AuthContext, type AuthContextValue, type AuthStatus } from './auth-context';

/**
 * The session: the id token cookie (refreshed every 50 minutes, spec 000 §4) and the current account. With no token
 * at start it tries the refresh cookie once (when this browser has signed in before), so a returning builder stays
 * signed in.
 */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient();
  const token = React.useSyncExternalStore(subscribeToken, getToken, () => null);
  const [booting, setBooting] = React.useState(() => getToken() === null && mightHaveSession());

  React.useEffect(() => {
    if (!booting) return;
    let live = true;
    void refreshSession().finally(() => live && setBooting(false));
    return () => {
      live = false;
    };
  }, [booting]);

  const hasToken = token !== null;
  React.useEffect(() => {
    if (!hasToken) return;
    const id = window.setInterval(() => void refreshSession(), TOKEN_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(id);
  }, [hasToken]);

  const accountQuery = useAccountQuery(hasToken && !booting);

  const signOut = React.useCallback(async () => {
    await signOutRequest(getToken());
    clearToken();
    queryClient.clear();
  }, [queryClient]);

  const value = React.useMemo<AuthContextValue>(() => {
    let status: AuthStatus;
    const error = accountQuery.error instanceof AppError ? accountQuery.error : null;
    if (booting) status = 'loading';
    else if (!hasToken) status = 'signedOut';
    else if (accountQuery.data) status = 'signedIn';
    else if (accountQuery.isError) status = error?.status === 401 ? 'signedOut' : 'error';
    else status = 'loading';
    return {
      status,
      account: status === 'signedIn' ? (accountQuery.data ?? null) : null,
      error: status === 'error' ? (error ?? new AppError('internal')) : null,
      retry: () => void accountQuery.refetch(),
      signOut,
    };
  }, [booting, hasToken, accountQuery, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
