import * as React from 'react';
import type { Account, AppError } from '@buildai/domain';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut' | 'error';

export interface AuthContextValue {
  status: AuthStatus;
  account: Account | null;
  /** why the account could not be loaded (status 'error') */
  error: AppError | null;
  retry: () => void;
  /** signs out on the server and in this browser */
  signOut: () => Promise<void>;
}

export const AuthContext = React.createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const ctx = React.useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider.');
  return ctx;
}
