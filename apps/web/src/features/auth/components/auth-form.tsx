import * as React from 'react';
import { MIN_PASSWORD_LENGTH } from '@buildai/domain';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, isAppError } from '@/lib/api-client';
import type { TokenResponse } from '@buildai/domain';
import { signIn } from '../api/sign-in';
import { signUp } from '../api/sign-up';
import { PasswordInput } from '@/components/password-input';
import { FormError, SubmitButton } from '@/components/form-feedback';

export type AuthMode = 'signIn' | 'signUp';

interface Props {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** the sign-up toggle shows only when the tenant accepts sign-ups (auth config) */
  signUpEnabled: boolean;
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

export function AuthForm({
  mode,
  onModeChange,
  signUpEnabled,
  tenantId,
  continueUrl,
  onTokens,
  onForgotPassword,
  email,
  onEmailChange: setEmail,
}: Props) {
  const [password, setPassword] = React.useState('');
  const [pending, setPending] = React.useState(false);
  const [error, setError] = React.useState<{ message: string; field?: string } | null>(null);
  const isSignUp = mode === 'signUp' && signUpEnabled;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const input = { email: email.trim(), password, tenantId };
      const tokens = await (isSignUp ? signUp({ ...input, continueUrl }) : signIn(input));
      await onTokens(tokens);
    } catch (err) {
      setError({ message: errorMessage(err), field: isAppError(err) ? err.field : undefined });
    } finally {
      setPending(false);
    }
  }

  const invalid = (field: string) => (error?.field === field ? true : undefined);

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
      <div className="grid gap-2">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          value={email}
          aria-invalid={invalid('email')}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor="password">Password</Label>
          {!isSignUp && (
            <button
              type="button"
              className="text-xs font-medium text-primary underline-offset-4 hover:underline"
              onClick={() => onForgotPassword(email.trim())}
            >
              Forgot password?
            </button>
          )}
        </div>
        <PasswordInput
          id="password"
          autoComplete={isSignUp ? 'new-password' : 'current-password'}
          required
          minLength={isSignUp ? MIN_PASSWORD_LENGTH : undefined}
          value={password}
          aria-invalid={invalid('password')}
          aria-describedby={isSignUp ? 'password-hint' : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {isSignUp && (
          <p id="password-hint" className="text-xs text-muted-foreground">
            At least {MIN_PASSWORD_LENGTH} characters.
          </p>
        )}
      </div>

      <FormError message={error?.message} />

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
          {isSignUp ? 'Already have an account?' : 'New to BuildAI?'}{' '}
          <button
            type="button"
            className="font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => {
              setError(null);
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
