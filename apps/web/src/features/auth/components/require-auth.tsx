import type * as React from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { PageError, PageLoader } from '@/components/page-state';
import { Button } from '@/components/ui/button';
import { loginPathFor } from '@/lib/redirect';
import { useAuth } from '../hooks/auth-context';

/** Pages that need sign-in send visitors to `/login?redirectTo=<path+query>`. */
export function RequireAuth({ children }: { children: React.ReactNode }) {
  const { status, error, retry } = useAuth();
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
  return children;
}

/** `/`: the main page when signed in, the sign-in page otherwise. */
export function RootRedirect() {
  const { status } = useAuth();
  if (status === 'loading') return <PageLoader className="min-h-svh" />;
  return <Navigate to={status === 'signedIn' ? '/home' : '/login'} replace />;
}
