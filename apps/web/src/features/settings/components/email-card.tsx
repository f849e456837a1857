import * as React from 'react';
import { PasswordInput } from '@/components/password-input';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isAppError } from '@/lib/api-client';
import { changeEmail } from '../api/account-security';
import { fieldErrorOf, FormField, type FieldErrors } from './form-field';
import { FormError, SubmitButton } from '@/components/form-feedback';

const FIELDS = ['newEmail', 'currentPassword'] as const;
type Field = (typeof FIELDS)[number];
const BY_CODE: Partial<Record<string, Field>> = {
  'auth/wrong-password': 'currentPassword',
  'auth/invalid-email': 'newEmail',
  'auth/email-already-exists': 'newEmail',
  'auth/email-already-in-use': 'newEmail',
};

/**
 * Email change (spec 000 §5): the current password and the new address → `auth/changeEmail`, which emails a link to
 * the new address; the change takes effect when it is opened (the handler page then says 'Email updated').
 */
export function EmailCard({ currentEmail }: { currentEmail: string }) {
  const [newEmail, setNewEmail] = React.useState('');
  const [currentPassword, setCurrentPassword] = React.useState('');
  const [pending, setPending] = React.useState(false);
  const [errors, setErrors] = React.useState<FieldErrors<Field>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const email = newEmail.trim();
    const missing: FieldErrors<Field> = {};
    if (!email) missing.newEmail = 'Enter your new email address.';
    else if (email.toLowerCase() === currentEmail.toLowerCase())
      missing.newEmail = 'That is already your email.';
    if (!currentPassword) missing.currentPassword = 'Enter your current password.';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;

    setPending(true);
    try {
      try {
        await changeEmail({ currentPassword, newEmail: email });
      } catch (err) {
        setErrors(isAppError(err) ? fieldErrorOf(err, FIELDS, BY_CODE) : { form: errorMessage(err) });
        return;
      }
      toast({ title: `Check ${email}`, description: 'Open the link we sent there to finish the change.' });
      setNewEmail('');
      setCurrentPassword('');
    } finally {
      setPending(false);
    }
  }

  return (
    <Card role="region" aria-labelledby="email-card-title">
      <CardHeader>
        <CardTitle id="email-card-title">Email</CardTitle>
        <CardDescription>
          You sign in with <span className="font-medium break-words text-foreground">{currentEmail}</span>.
          We'll send a link to the new address to verify it.
        </CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="new-email" label="New email" error={errors.newEmail}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                value={newEmail}
                onChange={(e) => setNewEmail(e.target.value)}
              />
            )}
          </FormField>
          <FormField id="email-current-password" label="Current password" error={errors.currentPassword}>
            {(aria) => (
              <PasswordInput
                {...aria}
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
              />
            )}
          </FormField>
          <FormError message={errors.form} className="sm:col-span-2" />
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <SubmitButton pending={pending} pendingLabel={'Updating…'}>
            Update email
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
