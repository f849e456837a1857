import type * as React from 'react';
import { errorCatalogue, MIN_PASSWORD_LENGTH, type TokenResponse } from '@buildai/domain';
import { FieldError, FormError, SubmitButton } from '@/components/form-feedback';
import { useMutationForm } from '@/components/forms/use-mutation-form';
import { PasswordInput } from '@/components/password-input';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { signIn } from '../api/sign-in';
import { signUp } from '../api/sign-up';
import { emailRules } from './email-rules';

export type AuthMode = 'signIn' | 'signUp';

export const PASSWORD_REQUIRED = 'Enter your password.';

interface Props {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** the sign-up toggle shows only when the tenant accepts sign-ups (auth config) */
  signUpEnabled: boolean;
  /** an app's sign-in page names the app instead of BuildAI */
  appName?: string | null;
  /** the app's tenant; left out on the builders' platform */
  tenantId?: string;
  /** where the verification link of a new account brings the user back to */
  continueUrl?: string;
  /** finishes the sign-in (account creation) */
  onTokens: (tokens: TokenResponse) => Promise<unknown>;
  /** "Forgot password?" with what was typed as the email */
  onForgotPassword: (email: string) => void;
  email: string;
  onEmailChange: (email: string) => void;
}

/**
 * Email and password, to sign in or (where the tenant accepts it) to create an account. Checked before sending
 * with react-hook-form's own rules and the domain's numbers, not a zod schema: the sign-in page stays under its
 * page weight (docs/decisions/0005 "Sign-in forms without zod"). The server's refusals go next to their field.
 */
export function AuthForm({
  mode,
  onModeChange,
  signUpEnabled,
  appName,
  tenantId,
  continueUrl,
  onTokens,
  onForgotPassword,
  email,
  onEmailChange,
}: Props) {
  const isSignUp = mode === 'signUp' && signUpEnabled;
  const { form, submit, pending, errorOf, formError } = useMutationForm({
    defaultValues: { email, password: '' },
    byCode: {
      'auth/invalid-email': 'email',
      'auth/email-already-in-use': 'email',
      'auth/weak-password': 'password',
    },
    send: async ({ email: address, password }) => {
      const input = { email: address.trim(), password, tenantId };
      await onTokens(await (isSignUp ? signUp({ ...input, continueUrl }) : signIn(input)));
    },
  });
  const emailError = errorOf('email');
  const passwordError = errorOf('password');

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
      <div className="grid gap-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'email-error' : undefined}
          {...form.register('email', {
            ...emailRules,
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => onEmailChange(e.target.value),
          })}
        />
        <FieldError id="email-error" message={emailError} />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="password">Password</Label>
          {!isSignUp && (
            <button
              type="button"
              className="text-xs font-medium text-[var(--app-link,var(--primary))] underline-offset-4 hover:underline"
              onClick={() => onForgotPassword(form.getValues('email').trim())}
            >
              Forgot password?
            </button>
          )}
        </div>
        <PasswordInput
          id="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? 'password-error' : isSignUp ? 'password-hint' : undefined}
          {...form.register('password', {
            required: PASSWORD_REQUIRED,
            // the rule of the server's sign-up, said in the spec's words (spec 000 §5)
            minLength: isSignUp
              ? { value: MIN_PASSWORD_LENGTH, message: errorCatalogue['auth/weak-password'].message }
              : undefined,
          })}
        />
        {passwordError ? (
          <FieldError id="password-error" message={passwordError} />
        ) : (
          isSignUp && (
            <p id="password-hint" className="text-xs text-muted-foreground">
              At least {MIN_PASSWORD_LENGTH} characters.
            </p>
          )
        )}
      </div>

      <FormError message={formError} />

      <SubmitButton
        pending={pending}
        pendingLabel={isSignUp ? 'Creating your account…' : 'Signing in…'}
        size="lg"
        className="w-full"
      >
        {isSignUp ? 'Create account' : 'Sign in'}
      </SubmitButton>

      {signUpEnabled && (
        <p className="text-center text-sm text-muted-foreground">
          {isSignUp ? 'Already have an account?' : `New to ${appName || 'BuildAI'}?`}{' '}
          <button
            type="button"
            className="font-medium text-[var(--app-link,var(--primary))] underline-offset-4 hover:underline"
            onClick={() => {
              form.clearErrors();
              onModeChange(isSignUp ? 'signIn' : 'signUp');
            }}
          >
            {isSignUp ? 'Sign in' : 'Create an account'}
          </button>
        </p>
      )}
    </form>
  );
}
