import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { AlertCircle, CheckCircle2, Loader2, MailCheck, RefreshCw } from 'lucide-react';
import { PageError, PageLoader } from '@/components/page-state';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { accountQuery } from '@/lib/account-query';
import { continuePath, loginPathFor, safeRedirectPath } from '@/lib/redirect';
import { refreshSession } from '@/lib/session';
import { PLATFORM_TENANT_ID } from '@buildai/domain';
import { useAppBranding } from '../api/auth-config';
import { sendVerifyEmail } from '../api/verify-email';
import { useAuth } from '../hooks/auth-context';
import { AuthLayout } from './auth-layout';

type Notice = { kind: 'info' | 'error'; text: string };

/**
 * /auth/verifyEmail?continueUrl=&appName=: asks a signed-in user to open the link sent to their address, offers a
 * new one, and continues to `continueUrl` (same origin only) once the account says the email is verified.
 */
export function VerifyEmailPage() {
  const { status, account, error, retry } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const continueUrl = safeRedirectPath(params.get('continueUrl'));
  const [checking, setChecking] = React.useState(false);
  const [resending, setResending] = React.useState(false);
  const [notice, setNotice] = React.useState<Notice | null>(null);
  // an app's user sees the app's look, as on its sign-in page (the account's tenant is the app)
  const appId = account && account.tenantId !== PLATFORM_TENANT_ID ? account.tenantId : null;
  const app = useAppBranding(appId);
  const appName = params.get('appName') || app.appName;

  if (status === 'loading') return <PageLoader label="Checking your session…" className="min-h-svh" />;
  if (status === 'signedOut') return <Navigate to={loginPathFor(location)} replace />;
  if (status === 'error' || !account)
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
  if (account.emailVerified) return <Navigate to={continuePath(continueUrl)} replace />;
  if (app.waiting) return <PageLoader label="Loading…" className="min-h-svh" />;

  async function resend() {
    setResending(true);
    setNotice(null);
    try {
      await sendVerifyEmail({ continueUrl: continueUrl ?? undefined, appName: appName ?? undefined });
      setNotice({ kind: 'info', text: `We sent a new link to ${account?.email}.` });
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setResending(false);
    }
  }

  async function check() {
    setChecking(true);
    setNotice(null);
    try {
      // a fresh token carries the verified email; the account then says so too (and this page moves on)
      if (!(await refreshSession())) return;
      const next = await queryClient.fetchQuery({ ...accountQuery, staleTime: 0 });
      if (!next.emailVerified) {
        setNotice({
          kind: 'error',
          text: "Your email isn't verified yet. Open the link in the email we sent you, then try again.",
        });
      }
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err) });
    } finally {
      setChecking(false);
    }
  }

  return (
    <AuthLayout
      branding={app.branding}
      icon={<MailCheck />}
      title="Verify your email"
      description={
        appName
          ? `Confirm your email address to continue to ${appName}.`
          : 'Confirm your email address to continue.'
      }
    >
      <div className="grid gap-5">
        <p className="text-sm leading-relaxed">
          We sent a verification link to <span className="font-medium break-words">{account.email}</span>.
          Open it, then come back here.
        </p>
        {notice && (
          <Alert
            variant={notice.kind === 'error' ? 'destructive' : 'info'}
            role={notice.kind === 'error' ? 'alert' : 'status'}
          >
            {notice.kind === 'error' ? <AlertCircle /> : <CheckCircle2 />}
            <AlertDescription>{notice.text}</AlertDescription>
          </Alert>
        )}
        <Button size="lg" className="w-full" disabled={checking} onClick={() => void check()}>
          {checking ? <Loader2 className="animate-spin" /> : <CheckCircle2 />}
          {checking ? 'Checking…' : "I've verified it"}
        </Button>
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          disabled={resending}
          onClick={() => void resend()}
        >
          {resending ? <Loader2 className="animate-spin" /> : <RefreshCw />}
          {resending ? 'Sending…' : 'Resend email'}
        </Button>
        <p className="text-center text-sm text-muted-foreground">
          Not {account.email}?{' '}
          <Link
            to="/logout"
            className="font-medium text-[var(--app-link,var(--primary))] underline-offset-4 hover:underline"
          >
            Sign out
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}
