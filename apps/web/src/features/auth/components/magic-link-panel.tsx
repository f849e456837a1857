import * as React from 'react';
import { MailCheck } from 'lucide-react';
import {
  authMessages,
  MAGIC_LINK_LIFETIME_MIN,
  OTP_LENGTH,
  toastMessages,
  type Account,
  type TokenResponse,
} from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast, toastError } from '@/components/ui/use-toast';
import { useMutationForm } from '@/components/forms/use-mutation-form';
import { isAppError } from '@/lib/api-client';
import { signInWithCustomToken } from '../api/custom-token';
import { sendMagicLink, validateOtp } from '../api/magic-link';
import { FormError, SubmitButton } from '@/components/form-feedback';
import { EmailRequestForm } from './email-request-form';
import { emailRules } from './email-rules';

export const CODE_REQUIRED = `Enter the ${OTP_LENGTH}-digit code from the email.`;

interface Props {
  appId: string | null;
  /** where the emailed link continues to */
  continueUrl?: string;
  email: string;
  onEmailChange: (email: string) => void;
  /** finishes the sign-in; resolves the account, or null when it failed (handled by the caller) */
  onTokens: (tokens: TokenResponse) => Promise<Account | null>;
  onBack: () => void;
}

type Step = 'request' | 'sent';

/**
 * "Email me a sign-in link": the message holds a link and a 6-digit code. The code is typed here; a wrong one
 * shows the server's message, and the 3rd wrong one (429 ATTEMPTS_EXCEEDED) kills it: back to asking for a new one.
 */
export function MagicLinkPanel({ appId, continueUrl, email, onEmailChange, onTokens, onBack }: Props) {
  const [step, setStep] = React.useState<Step>('request');
  const [sentTo, setSentTo] = React.useState('');
  const [sends, setSends] = React.useState(0);
  const { form, submit, pending, errorOf, formError } = useMutationForm({
    defaultValues: { email },
    byCode: { 'auth/invalid-email-address': 'email', 'auth/invalid-email': 'email' },
    // the code step offers to send again, and "Use a different email" comes back to the address
    keepValuesOnSent: true,
    send: async ({ email: typed }) => {
      const address = typed.trim();
      await sendMagicLink({ email: address, continueUrl, appId });
      return address;
    },
    onSent: (address) => {
      setSentTo(address);
      setSends((n) => n + 1);
      setStep('sent');
    },
    onRefused: (err) => {
      toastError(toastMessages.magicLinkFailed);
      // a refused address or too many emails: said in the form too; a failure of the server only in the toast
      return !(isAppError(err) && err.status >= 400 && err.status < 500);
    },
  });

  if (step === 'sent') {
    return (
      <OtpStep
        email={sentTo}
        resent={sends > 1}
        appId={appId}
        onTokens={onTokens}
        onResend={() => void submit()}
        resending={pending}
        onAttemptsExceeded={(message) => {
          setStep('request');
          form.setError('root.server', { message });
        }}
        onChangeEmail={() => setStep('request')}
      />
    );
  }

  return (
    <EmailRequestForm
      id="magic-email"
      intro={`We'll email you a link and a ${OTP_LENGTH}-digit code. Either one signs you in — no password needed.`}
      field={form.register('email', {
        ...emailRules,
        onChange: (e: React.ChangeEvent<HTMLInputElement>) => onEmailChange(e.target.value),
      })}
      error={errorOf('email')}
      formError={formError}
      pending={pending}
      submitLabel="Email me a sign-in link"
      onSubmit={(e) => void submit(e)}
      onBack={onBack}
    />
  );
}

function OtpStep({
  email,
  resent,
  appId,
  onTokens,
  onResend,
  resending,
  onAttemptsExceeded,
  onChangeEmail,
}: {
  email: string;
  resent: boolean;
  appId: string | null;
  onTokens: Props['onTokens'];
  onResend: () => void;
  resending: boolean;
  onAttemptsExceeded: (message: string) => void;
  onChangeEmail: () => void;
}) {
  const { form, submit, pending, errorOf, formError } = useMutationForm({
    defaultValues: { otp: '' },
    byCode: { 'auth/invalid-otp': 'otp' },
    send: async ({ otp }) => {
      const { customToken } = await validateOtp({ email, otp, appId });
      const account = await onTokens(await signInWithCustomToken(customToken));
      if (account) toast({ title: authMessages.magicLinkSignedIn });
    },
    onRefused: (err) => {
      if (!(isAppError(err) && err.code === 'ATTEMPTS_EXCEEDED')) return false;
      onAttemptsExceeded(err.message);
      return true;
    },
  });
  const otpField = form.register('otp', {
    validate: (value: string) => value.length === OTP_LENGTH || CODE_REQUIRED,
  });
  const error = errorOf('otp') ?? formError;

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-5" noValidate>
      <Alert variant="info" role="status">
        <MailCheck />
        <AlertDescription>
          <p>
            <span className="font-medium">Check your inbox.</span> We sent {resent ? 'a new' : 'a'} sign-in
            link to <span className="font-medium break-words">{email}</span>. It works for{' '}
            {MAGIC_LINK_LIFETIME_MIN} minutes.
          </p>
        </AlertDescription>
      </Alert>
      <div className="grid gap-2">
        <Label htmlFor="otp">{OTP_LENGTH}-digit code</Label>
        <Input
          id="otp"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          placeholder="123456"
          className="font-mono tracking-[0.4em]"
          aria-invalid={error ? true : undefined}
          aria-describedby="otp-hint"
          {...otpField}
          onChange={(e) => {
            // digits only, as many as the code has
            e.target.value = e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
            void otpField.onChange(e);
          }}
        />
        <p id="otp-hint" className="text-xs text-muted-foreground">
          Or type the code from the same email.
        </p>
      </div>
      <FormError message={error} />
      <SubmitButton pending={pending} pendingLabel={'Signing in…'} size="lg" className="w-full">
        Sign in with code
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="font-medium text-[var(--app-link,var(--primary))] underline-offset-4 hover:underline disabled:opacity-50"
          onClick={onChangeEmail}
        >
          Use a different email
        </button>
        <button
          type="button"
          className="font-medium text-[var(--app-link,var(--primary))] underline-offset-4 hover:underline disabled:opacity-50"
          disabled={resending}
          onClick={() => {
            form.reset();
            onResend();
          }}
        >
          {resending ? 'Sending…' : 'Send a new code'}
        </button>
      </div>
    </form>
  );
}
