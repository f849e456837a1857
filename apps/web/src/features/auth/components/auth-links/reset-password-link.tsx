import * as React from 'react';
import { Link, useNavigate } from 'react-router';
import { KeyRound, ShieldAlert } from 'lucide-react';
import { authMessages, errorCatalogue, MIN_PASSWORD_LENGTH, resetPasswordRequest } from '@buildai/domain';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { PasswordInput } from '@/components/password-input';
import { FormError, SubmitButton } from '@/components/form-feedback';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { isAppError } from '@/lib/api-client';
import { LOGIN_PATH, safeRedirectPath } from '@/lib/redirect';
import { getToken } from '@/lib/session';
import { resetPassword } from '../../api/password-reset';
import { useAuth } from '../../hooks/auth-context';
import { AuthLayout } from '../auth-layout';
import { loginPath, useNavigateLater, type LinkParams } from './link-page-parts';

/** The new password: the domain's reset request without the code (the link carries it), with the page's message. */
const newPasswordSchema = resetPasswordRequest.pick({ newPassword: true }).extend({
  newPassword: z.string().min(MIN_PASSWORD_LENGTH, errorCatalogue['auth/reset-weak-password'].message),
});

export function ResetPasswordLink({ code, continueUrl, appId }: LinkParams) {
  const navigate = useNavigate();
  const { status, signOut } = useAuth();
  const [invalid, setInvalid] = React.useState(!code);
  // back to the sign-in page the reset started from (it sent its own address as continueUrl)
  const safe = safeRedirectPath(continueUrl);
  const login = safe && (safe === LOGIN_PATH || safe.startsWith(`${LOGIN_PATH}?`)) ? safe : loginPath(appId);
  useNavigateLater(invalid ? login : null);

  const { form, submit, pending, errorOf, formError } = useSchemaForm({
    schema: newPasswordSchema,
    defaultValues: { newPassword: '' },
    byCode: { 'auth/reset-weak-password': 'newPassword' },
    send: async ({ newPassword }) => {
      await resetPassword({ code: code ?? '', newPassword });
      toast({ title: authMessages.passwordReset });
      // every session of the user was revoked: sign in again with the new password
      if (status === 'signedIn' || getToken() !== null) await signOut();
      navigate(login, { replace: true });
    },
    // a spent or expired link changes the whole page
    onRefused: (err) => {
      if (!(isAppError(err) && err.code === 'auth/invalid-action-code')) return false;
      setInvalid(true);
      return true;
    },
  });
  const error = errorOf('newPassword') ?? formError;

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
            aria-invalid={error ? true : undefined}
            aria-describedby="new-password-hint"
            {...form.register('newPassword')}
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
