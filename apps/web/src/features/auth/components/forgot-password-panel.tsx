import * as React from 'react';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { RESET_CODE_LIFETIME_MIN, toastMessages } from '@buildai/domain';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { toastError } from '@/components/ui/use-toast';
import { useMutationForm } from '@/components/forms/use-mutation-form';
import { isAppError } from '@/lib/api-client';
import { sendResetPasswordEmail } from '../api/password-reset';
import { EmailRequestForm } from './email-request-form';
import { emailRules } from './email-rules';

interface Props {
  /** the app whose user resets their password; null on the builders' platform */
  appId: string | null;
  /** where the reset link's page continues to */
  continueUrl?: string;
  email: string;
  onEmailChange: (email: string) => void;
  onBack: () => void;
}

/** "Forgot password?": emails a reset link. The answer never says whether the account exists. */
export function ForgotPasswordPanel({ appId, continueUrl, email, onEmailChange, onBack }: Props) {
  const [sentTo, setSentTo] = React.useState<string | null>(null);
  const { form, submit, pending, errorOf, formError } = useMutationForm({
    defaultValues: { email },
    byCode: { 'auth/invalid-email-address': 'email', 'auth/invalid-email': 'email' },
    keepValuesOnSent: true,
    send: async ({ email: typed }) => {
      const address = typed.trim();
      await sendResetPasswordEmail({ email: address, mainAppId: appId ?? undefined, continueUrl });
      return address;
    },
    onSent: setSentTo,
    onRefused: (err) => {
      toastError(toastMessages.resetEmailFailed);
      // a refused address or too many emails: said in the form too; a failure of the server only in the toast
      return !(isAppError(err) && err.status >= 400 && err.status < 500);
    },
  });

  if (sentTo) {
    return (
      <div className="grid gap-5">
        <Alert variant="info" role="status">
          <MailCheck />
          <AlertDescription>
            <p>
              If an account exists for <span className="font-medium break-words">{sentTo}</span>, we've sent
              it a link to reset the password. The link works for {RESET_CODE_LIFETIME_MIN / 60} hour.
            </p>
          </AlertDescription>
        </Alert>
        <Button type="button" size="lg" className="w-full" onClick={onBack}>
          <ArrowLeft />
          Back to sign in
        </Button>
        <button
          type="button"
          className="text-sm font-medium text-[var(--app-link,var(--primary))] underline-offset-4 hover:underline"
          onClick={() => setSentTo(null)}
        >
          Didn't get it? Send again
        </button>
      </div>
    );
  }

  return (
    <EmailRequestForm
      id="reset-email"
      intro="Enter the email you sign in with and we'll send you a link to choose a new password."
      field={form.register('email', {
        ...emailRules,
        onChange: (e: React.ChangeEvent<HTMLInputElement>) => onEmailChange(e.target.value),
      })}
      error={errorOf('email')}
      formError={formError}
      pending={pending}
      submitLabel="Send reset link"
      onSubmit={(e) => void submit(e)}
      onBack={onBack}
    />
  );
}
