import * as React from 'react';
import { errorCatalogue, MIN_PASSWORD_LENGTH } from '@buildai/domain';
import { PasswordInput } from '@/components/password-input';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, isAppError } from '@/lib/api-client';
import { setToken } from '@/lib/session';
import { changePassword } from '../api/account-security';
import { fieldErrorOf, FormField, type FieldErrors } from './form-field';
import { FormError, SubmitButton } from '@/components/form-feedback';

const FIELDS = ['currentPassword', 'newPassword'] as const;
type Field = (typeof FIELDS)[number];
const BY_CODE: Partial<Record<string, Field>> = {
  'auth/wrong-password': 'currentPassword',
  'auth/weak-password': 'newPassword',
};

export const PASSWORD_CHANGED_MESSAGE = 'Password updated';

/** Password change: current + new → `auth/changePassword`; the new tokens are kept, other sessions end. */
export function PasswordCard() {
  const [currentPassword, setCurrentPassword] = React.useState('');
  const [newPassword, setNewPassword] = React.useState('');
  const [pending, setPending] = React.useState(false);
  const [errors, setErrors] = React.useState<FieldErrors<Field>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const missing: FieldErrors<Field> = {};
    if (!currentPassword) missing.currentPassword = 'Enter your current password.';
    if (newPassword.length < MIN_PASSWORD_LENGTH)
      missing.newPassword = errorCatalogue['auth/weak-password'].message;
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;

    setPending(true);
    try {
      setToken(await changePassword({ currentPassword, newPassword }));
      toast({ title: PASSWORD_CHANGED_MESSAGE, description: 'You were signed out on your other devices.' });
      setCurrentPassword('');
      setNewPassword('');
    } catch (err) {
      setErrors(isAppError(err) ? fieldErrorOf(err, FIELDS, BY_CODE) : { form: errorMessage(err) });
    } finally {
      setPending(false);
    }
  }

  return (
    <Card role="region" aria-labelledby="password-card-title">
      <CardHeader>
        <CardTitle id="password-card-title">Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="current-password" label="Current password" error={errors.currentPassword}>
            {(aria) => (
              <PasswordInput
                {...aria}
                autoComplete="current-password"
                value={currentPassword}
                onChange={(e) => setCurrentPassword(e.target.value)}
              />
            )}
          </FormField>
          <FormField
            id="new-password"
            label="New password"
            error={errors.newPassword}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(aria) => (
              <PasswordInput
                {...aria}
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
              />
            )}
          </FormField>
          <FormError message={errors.form} className="sm:col-span-2" />
        </CardContent>
        <CardFooter className="justify-end border-t pt-6">
          <SubmitButton pending={pending} pendingLabel={'Saving…'}>
            Change password
          </SubmitButton>
        </CardFooter>
      </form>
    </Card>
  );
}
