import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CheckCircle2, MailCheck, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorMessage, isAppError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { continuePath, LOGIN_PATH, verifyEmailPathFor } from '@/lib/redirect';
import { getToken, refreshSession } from '@/lib/session';
import { verifyEmail } from '../../api/verify-email';
import { AuthLayout } from '../auth-layout';
import { useLoadLater, useOnce, Working, type LinkParams } from './link-page-parts';

type VerifyState =
  { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

export function VerifyEmailLink({ code, continueUrl }: LinkParams) {
  const queryClient = useQueryClient();
  const [state, setState] = React.useState<VerifyState>(() =>
    code ? { kind: 'working' } : { kind: 'failed', message: INVALID_VERIFY_LINK },
  );
  const target = continuePath(continueUrl);

  useOnce(() => {
    if (!code) return;
    void (async () => {
      try {
        const { email } = await verifyEmail(code);
        // signed in here: a fresh token and account carry the verified email
        if (getToken() !== null && (await refreshSession())) {
          await queryClient.invalidateQueries({ queryKey: queryKeys.account });
        }
        setState({ kind: 'done', email });
      } catch (err) {
        const invalid = isAppError(err) && err.code === 'auth/invalid-action-code';
        setState({ kind: 'failed', message: invalid ? INVALID_VERIFY_LINK : errorMessage(err) });
      }
    })();
  });
  // the app the link was for may be on its own domain, whose pages the server serves: a new document each way
  useLoadLater(state.kind === 'done' ? target : null);

  if (state.kind === 'working')
    return (
      <AuthLayout icon={<MailCheck />} title="Verifying your email">
        <Working label="Verifying your email…" />
      </AuthLayout>
    );
  if (state.kind === 'failed')
    return (
      <AuthLayout icon={<ShieldAlert />} title="We couldn't verify your email" description={state.message}>
        <div className="grid gap-3">
          <Button size="lg" className="w-full" asChild>
            <Link to={verifyEmailPathFor({ pathname: target, search: '' })}>Get a new link</Link>
          </Button>
          <Button variant="ghost" className="w-full" asChild>
            <Link to={LOGIN_PATH}>Back to sign in</Link>
          </Button>
        </div>
      </AuthLayout>
    );
  return (
    <AuthLayout
      icon={<CheckCircle2 />}
      title="Your email is verified"
      description={
        <>
          Thanks — <span className="font-medium break-words text-foreground">{state.email}</span> is
          confirmed. Taking you on…
        </>
      }
    >
      <Button size="lg" className="w-full" asChild>
        <a href={target}>Continue</a>
      </Button>
    </AuthLayout>
  );
}

const INVALID_VERIFY_LINK = 'This verification link is invalid or has expired. Ask for a new one.';
