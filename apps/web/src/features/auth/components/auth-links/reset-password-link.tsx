import * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { KeyRound, ShieldAlert } from 'lucide-react';
import { authMessages, errorCatalogue, MIN_PASSWORD_LENGTH } from '@buildai/domain';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/components/password-input';
import { FormError, SubmitButton } from '@/components/form-feedback';
import { errorMessage, isAppError } from '@/lib/api-client';
import { LOGIN_PATH, safeRedirectPath } from '@/lib/redirect';
import { getToken } from '@/lib/session';
import { resetPassword } from '../../api/password-reset';
import { useAuth } from '../../hooks/auth-context';
import { AuthLayout } from '../auth-layout';
import { loginPath, useNavigateLater, type LinkParams } from './link-page-parts';

export function ResetPasswordLink({ code, continueUrl, appId }: LinkParams) {
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
