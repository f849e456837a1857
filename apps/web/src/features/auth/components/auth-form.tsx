import * as React from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { MIN_PASSWORD_LENGTH } from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage, isAppError } from '@/lib/api-client';
import { signIn } from '../api/sign-in';
import { signUp } from '../api/sign-up';
import { PasswordInput } from './password-input';

export type AuthMode = 'signIn' | 'signUp';

interface Props {
  mode: AuthMode;
  onModeChange: (mode: AuthMode) => void;
  /** finishes the sign-in (account creation); resolves false when it failed */
  onTokens: (tokens: Awaited<ReturnType<typeof signIn>>) => Promise<boolean>;
}

export function AuthForm({ mode, onModeChange, onTokens }: Props) {
  const [email, setEmail] = React.useState('');
  const [password, setPassword] = React.useState('');
  const [pending, setPending] = React.useState(false);
  const [error, setError] = React.useState<{ message: string; field?: string } | null>(null);
  const isSignUp = mode === 'signUp';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    setError(null);
    try {
      const tokens = await (isSignUp ? signUp : signIn)({ email: email.trim(), password });
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
        <Label htmlFor="password">Password</Label>
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

      {error && (
        <Alert variant="destructive">
          <AlertCircle />
          <AlertDescription>{error.message}</AlertDescription>
        </Alert>
      )}

      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending && <Loader2 className="animate-spin" />}
        {isSignUp
          ? pending
            ? 'Creating your account…'
            : 'Create account'
          : pending
            ? 'Signing in…'
            : 'Sign in'}
      </Button>

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
    </form>
  );
}
