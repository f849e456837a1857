import { changePasswordRequest, errorCatalogue, MIN_PASSWORD_LENGTH } from '@buildai/domain';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { setToken } from '@/lib/session';
import { changePassword } from '../api/account-security';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { FormField } from './form-field';
import { FormError, SubmitButton } from '@/components/form-feedback';

export const PASSWORD_CHANGED_MESSAGE = 'Password updated';

const schema = changePasswordRequest.extend({
  currentPassword: z.string().min(1, 'Enter your current password.'),
  newPassword: z.string().min(MIN_PASSWORD_LENGTH, errorCatalogue['auth/weak-password'].message),
});

/** Password change: current + new → `auth/changePassword`; the new tokens are kept, other sessions end. */
export function PasswordCard() {
  const { form, submit, pending, errorOf, formError } = useSchemaForm({
    schema,
    defaultValues: { currentPassword: '', newPassword: '' },
    byCode: { 'auth/wrong-password': 'currentPassword', 'auth/weak-password': 'newPassword' },
    send: async (values) => setToken(await changePassword(values)),
    onSent: () =>
      toast({ title: PASSWORD_CHANGED_MESSAGE, description: 'You were signed out on your other devices.' }),
  });

  return (
    <Card role="region" aria-labelledby="password-card-title">
      <CardHeader>
        <CardTitle id="password-card-title">Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <form onSubmit={submit} noValidate className="grid gap-6">
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField id="current-password" label="Current password" error={errorOf('currentPassword')}>
            {(aria) => (
              <PasswordInput
                {...aria}
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            )}
          </FormField>
          <FormField
            id="new-password"
            label="New password"
            error={errorOf('newPassword')}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(aria) => (
              <PasswordInput
                {...aria}
                autoComplete="new-password"
                minLength={MIN_PASSWORD_LENGTH}
                {...form.register('newPassword')}
              />
            )}
          </FormField>
          <FormError message={formError} className="sm:col-span-2" />
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
