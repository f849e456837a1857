import type * as React from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PageError, PageLoader } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { loginPathFor, verifyEmailPathFor } from '@/lib/redirect';
import { useAuth } from '../hooks/auth-context';

/**
 * Pages that need sign-in send visitors to `/login?redirectTo=<path+query>`, and a signed-in user whose email is
 * not verified to `/auth/verifyEmail?continueUrl=<path+query>` (spec 000 §2 post-login routing).
 */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const { status, account, error, retry } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageLoader className="min-h-svh" />;
  if (status === 'signedOut') return <Navigate to={loginPathFor(location)} replace />;
  if (status === 'error')
    return (
      <PageError
        className="min-h-svh"
        title="We couldn't load your account"
        message={error?.message ?? 'Something went wrong, please try again later'}
        onRetry={retry}
      >
        <Button variant="ghost" asChild>
          <Link to="/logout">Sign out</Link>
        </Button>
      </PageError>
    );
  if (account && !account.emailVerified) return <Navigate to={verifyEmailPathFor(location)} replace />;
  return children;
}

/** `/`: the main page when signed in, the sign-in page otherwise. */
export function RootRedirect() {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoader className="min-h-svh" />;
  return <Navigate to={status === 'signedIn' ? '/home' : '/login'} replace />;
}
