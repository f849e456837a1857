import * as React from 'react';
import { CheckCircle2, MailCheck, ShieldAlert } from 'lucide-react';
import { authMessages, errorCatalogue } from '@buildai/domain';
import { errorMessage } from '@/lib/api-client';
import { clearToken } from '@/lib/session';
import { applyEmailChange, recoverEmail } from '../../api/email-change';
import { AuthLayout } from '../auth-layout';
import { BackToLogin, useOnce, Working } from './link-page-parts';

type State = { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

const INVALID_LINK = errorCatalogue['auth/invalid-action-code'].message;

/**
 * `/auth/handler?mode=verifyAndChangeEmail|recoverEmail&oobCode=`: applies an email change (the link sent to the
 * new address) or undoes one (the link sent to the old address). Either ends every session, so the page signs out
 * here too and offers the sign-in page (docs/decisions/0006).
 */
export function EmailChangeLink({
  code,
  undo,
  appId,
}: {
  code: string | null;
  undo: boolean;
  appId: string | null;
}) {
  const [state, setState] = React.useState<State>(() =>
    code ? { kind: 'working' } : { kind: 'failed', message: INVALID_LINK },
  );
  useOnce(() => {
    if (!code) return;
    void (undo ? recoverEmail(code) : applyEmailChange(code))
      .then(({ email }) => {
        clearToken();
        setState({ kind: 'done', email });
      })
      .catch((err: unknown) => setState({ kind: 'failed', message: errorMessage(err) }));
  });
  const signIn = <BackToLogin appId={appId} label="Sign in" />;

  if (state.kind === 'working')
    return (
      <AuthLayout icon={<MailCheck />} title={undo ? 'Restoring your email' : 'Updating your email'}>
        <Working label="One moment…" />
      </AuthLayout>
    );
  if (state.kind === 'failed')
    return (
      <AuthLayout icon={<ShieldAlert />} title="This link didn't work" description={state.message}>
        {signIn}
      </AuthLayout>
    );
  return (
    <AuthLayout
      icon={<CheckCircle2 />}
      title={undo ? 'Your email was restored' : authMessages.emailUpdated}
      description={
        <>
          Sign in with <span className="font-medium break-words text-foreground">{state.email}</span>.
          {undo ? ' If you did not ask for the change, reset your password too.' : ''}
        </>
      }
    >
      {signIn}
    </AuthLayout>
  );
}
