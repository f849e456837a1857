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
import { errorMessage, isAppError } from '@/lib/api-client';
import { signInWithCustomToken } from '../api/custom-token';
import { sendMagicLink, validateOtp } from '../api/magic-link';
import { FormError, SubmitButton } from '@/components/form-feedback';
import { EmailRequestForm } from './email-request-form';

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
  const [sending, setSending] = React.useState(false);
  const [notice, setNotice] = React.useState<string | null>(null);
  const [sentTo, setSentTo] = React.useState('');
  const [sends, setSends] = React.useState(0);

  async function send(event?: React.FormEvent) {
    event?.preventDefault();
    const address = email.trim();
    if (!address) {
      setNotice('Enter your email address.');
      return;
    }
    setSending(true);
    setNotice(null);
    try {
      await sendMagicLink({ email: address, continueUrl, appId });
      setSentTo(address);
      setSends((n) => n + 1);
      setStep('sent');
    } catch (err) {
      toastError(toastMessages.magicLinkFailed);
      // a refused address or too many emails: say why next to the field
      if (isAppError(err) && err.status >= 400 && err.status < 500) setNotice(err.message);
    } finally {
      setSending(false);
    }
  }

  if (step === 'sent') {
    return (
      <OtpStep
        email={sentTo}
        resent={sends > 1}
        appId={appId}
        onTokens={onTokens}
        onResend={() => void send()}
        resending={sending}
        onAttemptsExceeded={(message) => {
          setNotice(message);
          setStep('request');
        }}
        onChangeEmail={() => {
          setNotice(null);
          setStep('request');
        }}
      />
    );
  }

  return (
    <EmailRequestForm
      id="magic-email"
      intro={`We'll email you a link and a ${OTP_LENGTH}-digit code. Either one signs you in — no password needed.`}
      email={email}
      onEmailChange={onEmailChange}
      notice={notice}
      pending={sending}
      submitLabel="Email me a sign-in link"
      onSubmit={send}
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
  const [otp, setOtp] = React.useState('');
  const [pending, setPending] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (otp.length !== OTP_LENGTH) {
      setError(`Enter the ${OTP_LENGTH}-digit code from the email.`);
      return;
    }
    setPending(true);
    setError(null);
    try {
      const { customToken } = await validateOtp({ email, otp, appId });
      const account = await onTokens(await signInWithCustomToken(customToken));
      if (account) toast({ title: authMessages.magicLinkSignedIn });
    } catch (err) {
      if (isAppError(err) && err.code === 'ATTEMPTS_EXCEEDED') {
        onAttemptsExceeded(err.message);
        return;
      }
      setError(errorMessage(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <form onSubmit={submit} className="grid gap-5" noValidate>
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
          value={otp}
          aria-invalid={error ? true : undefined}
          aria-describedby="otp-hint"
          onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
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
          className="font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
          onClick={onChangeEmail}
        >
          Use a different email
        </button>
        <button
          type="button"
          className="font-medium text-primary underline-offset-4 hover:underline disabled:opacity-50"
          disabled={resending}
          onClick={() => {
            setOtp('');
            setError(null);
            onResend();
          }}
        >
          {resending ? 'Sending…' : 'Send a new code'}
        </button>
      </div>
    </form>
  );
}
