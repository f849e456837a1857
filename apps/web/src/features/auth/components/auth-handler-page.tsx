import * as React from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, KeyRound, Link2Off, Loader2, MailCheck, ShieldAlert } from 'lucide-react';
import { authMessages, errorCatalogue, MIN_PASSWORD_LENGTH, type AuthLinkMode } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isAppError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import {
  continuePath,
  LOGIN_PATH,
  postLoginPath,
  safeRedirectPath,
  verifyEmailPathFor,
} from '@/lib/redirect';
import { getToken, refreshSession } from '@/lib/session';
import { verifyMagicLink } from '../api/magic-link';
import { resetPassword } from '../api/password-reset';
import { verifyEmail } from '../api/verify-email';
import { useAuth } from '../hooks/auth-context';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { AuthLayout } from './auth-layout';
import { EmailChangeLink } from './email-change-link';
import { PasswordInput } from '@/components/password-input';
import { FormError, SubmitButton } from '@/components/form-feedback';

/** How long a finished or refused link page stays before moving on by itself. */
export const HANDLER_REDIRECT_DELAY_MS = 3000;

interface LinkParams {
  /** the emailed secret: `oobCode` (verify, reset) or `token` (magic link) */
  code: string | null;
  continueUrl: string | null;
  appId: string | null;
}

/**
 * /auth/handler: where every emailed link lands (docs/decisions/0002 "Emailed links").
 * `mode` = verifyEmail | resetPassword | signIn | verifyAndChangeEmail | recoverEmail; anything else is an invalid link.
 */
export function AuthHandlerPage() {
  const [params] = useSearchParams();
  const mode = params.get('mode') as AuthLinkMode | null;
  const link: LinkParams = {
    code: params.get(mode === 'signIn' ? 'token' : 'oobCode') || null,
    continueUrl: params.get('continueUrl'),
    appId: params.get('appId') || null,
  };
  const key = `${mode}:${link.code}`;
  switch (mode) {
    case 'verifyEmail':
      return <VerifyEmailLink key={key} {...link} />;
    case 'resetPassword':
      return <ResetPasswordLink key={key} {...link} />;
    case 'signIn':
      return <MagicLink key={key} {...link} />;
    case 'verifyAndChangeEmail':
    case 'recoverEmail':
      return <EmailChangeLink key={key} code={link.code} undo={mode === 'recoverEmail'} appId={link.appId} />;
    default:
      return (
        <AuthLayout
          icon={<Link2Off />}
          title="This link isn't valid"
          description="It may be incomplete. Copy the whole link from the email, or start again from the sign-in page."
        >
          <BackToLogin />
        </AuthLayout>
      );
  }
}

function loginPath(appId: string | null): string {
  return appId ? `${LOGIN_PATH}?appId=${encodeURIComponent(appId)}` : LOGIN_PATH;
}

function BackToLogin({ appId = null, label = 'Back to sign in' }: { appId?: string | null; label?: string }) {
  return (
    <Button size="lg" className="w-full" asChild>
      <Link to={loginPath(appId)}>{label}</Link>
    </Button>
  );
}

function Working({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
      <Loader2 className="size-5 animate-spin" />
      {label}
    </div>
  );
}

/** Runs a single-use claim once per mount (a second run, e.g. React's strict mode, would burn the code). */
function useOnce(run: () => void) {
  const started = React.useRef(false);
  const latest = React.useRef(run);
  React.useEffect(() => {
    latest.current = run;
  });
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    latest.current();
  }, []);
}

/** Navigates after a delay (the page says where it goes and links there meanwhile). */
function useNavigateLater(to: string | null) {
  const navigate = useNavigate();
  React.useEffect(() => {
    if (!to) return;
    const id = setTimeout(() => void navigate(to, { replace: true }), HANDLER_REDIRECT_DELAY_MS);
    return () => clearTimeout(id);
  }, [to, navigate]);
}

// ---------------------------------------------------------------- verify email

type VerifyState =
  { kind: 'working' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string };

function VerifyEmailLink({ code, continueUrl }: LinkParams) {
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
  useNavigateLater(state.kind === 'done' ? target : null);

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
        <Link to={target} replace>
          Continue
        </Link>
      </Button>
    </AuthLayout>
  );
}

const INVALID_VERIFY_LINK = 'This verification link is invalid or has expired. Ask for a new one.';

// ---------------------------------------------------------------- reset password

function ResetPasswordLink({ code, continueUrl, appId }: LinkParams) {
  const navigate = useNavigate();
  const { status, signOut } = useAuth();
  const [password, setPassword] = React.useState('');
  const [pending, setPending] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const [invalid, setInvalid] = React.useState(!code);
  // back to the sign-in page the reset started from (it sent its own address as continueUrl)
  const safe = safeRedirectPath(continueUrl);
  const login = safe && (safe === LOGIN_PATH || safe.startsWith(`${LOGIN_PATH}?`)) ? safe : loginPath(appId);
  useNavigateLater(invalid ? login : null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!code) return;
    if (password.length < MIN_PASSWORD_LENGTH) {
      setError(errorCatalogue['auth/reset-weak-password'].message);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await resetPassword({ code, newPassword: password });
      toast({ title: authMessages.passwordReset });
      // every session of the user was revoked: sign in again with the new password
      if (status === 'signedIn' || getToken() !== null) await signOut();
      navigate(login, { replace: true });
    } catch (err) {
      if (isAppError(err) && err.code === 'auth/invalid-action-code') setInvalid(true);
      else setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  if (invalid)
    return (
      <AuthLayout
        icon={<ShieldAlert />}
        title="This link can't be used"
        description={errorCatalogue['auth/invalid-action-code'].message}
      >
        <div className="grid gap-3">
          <p className="text-center text-sm text-muted-foreground">Taking you to the sign-in page…</p>
          <Button size="lg" className="w-full" asChild>
            <Link to={login} replace>
              Back to sign in
            </Link>
          </Button>
        </div>
      </AuthLayout>
    );

  return (
    <AuthLayout icon={<KeyRound />} title="Choose a new password" description="Then sign in with it.">
      <form onSubmit={submit} className="grid gap-5" noValidate>
        <div className="grid gap-2">
          <Label htmlFor="new-password">New password</Label>
          <PasswordInput
            id="new-password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            value={password}
            aria-invalid={error ? true : undefined}
            aria-describedby="new-password-hint"
            onChange={(e) => setPassword(e.target.value)}
          />
          <p id="new-password-hint" className="text-xs text-muted-foreground">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        </div>
        <FormError message={error} />
        <SubmitButton pending={pending} pendingLabel={'Saving…'} size="lg" className="w-full">
          Reset password
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}

// ---------------------------------------------------------------- magic link

/** A refused or spent link says so (spec 000 §5); a server or network failure says that instead. */
function magicLinkFailure(err: unknown): string {
  if (isAppError(err) && err.status === 0) return err.message;
  if (!isAppError(err) || err.status >= 500) return errorCatalogue['auth/magic-link-failed'].message;
  return errorCatalogue['auth/invalid-magic-link'].message;
}

function MagicLink({ code, continueUrl, appId }: LinkParams) {
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn({ appId });
  const [failure, setFailure] = React.useState<string | null>(
    code ? null : errorCatalogue['auth/invalid-magic-link'].message,
  );

  useOnce(() => {
    if (!code) return;
    void (async () => {
      try {
        const account = await completeSignIn(await verifyMagicLink(code));
        if (!account) return; // account creation failed: already on the unauthorized page
        toast({ title: authMessages.magicLinkSignedIn });
        const target = postLoginPath(continueUrl);
        navigate(account.emailVerified ? target : verifyEmailPathFor({ pathname: target, search: '' }), {
          replace: true,
        });
      } catch (err) {
        setFailure(magicLinkFailure(err));
      }
    })();
  });

  if (failure)
    return (
      <AuthLayout icon={<Link2Off />} title="This sign-in link didn't work" description={failure}>
        <BackToLogin appId={appId} />
      </AuthLayout>
    );
  return (
    <AuthLayout icon={<KeyRound />} title="Signing you in">
      <Working label="Signing you in…" />
    </AuthLayout>
  );
}
