import * as React from 'react';
import { changeEmailRequest } from '@buildai/domain';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { changeEmail } from '../api/account-security';
import { useSchemaForm } from '@/components/forms/use-schema-form';
import { FormField } from './form-field';
import { FormError, SubmitButton } from '@/components/form-feedback';

function emailChangeSchema(currentEmail: string) {
  return changeEmailRequest.extend({
    newEmail: z
      .string()
      .trim()
      .min(1, 'Enter your new email address.')
      .refine((email) => email.toLowerCase() !== currentEmail.toLowerCase(), 'That is already your email.'),
    currentPassword: z.string().min(1, 'Enter your current password.'),
  });
}

/**
 * Email change (spec 000 §5): the current password and the new address → `auth/changeEmail`, which emails a link to
 * the new address; the change takes effect when it is opened (the handler page then says 'Email updated').
 */
export function EmailCard({ currentEmail }: { currentEmail: string }) {
  const schema = React.useMemo(() => emailChangeSchema(currentEmail), [currentEmail]);
  const { form, submit, pending, errorOf, formError } = useSchemaForm({
    schema,
    defaultValues: { newEmail: '', currentPassword: '' },
    byCode: {
      'auth/wrong-password': 'currentPassword',
      'auth/invalid-email': 'newEmail',
      'auth/email-already-exists': 'newEmail',
      'auth/email-already-in-use': 'newEmail',
    },
    send: async ({ newEmail, currentPassword }) => {
      // nothing changes yet: the change takes effect from the link sent to the new address
      await changeEmail({ currentPassword, newEmail });
      toast({ title: `Check ${newEmail}`, description: 'Open the link we sent there to finish the change.' });
    },
  });

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
          <FormField id="new-email" label="New email" error={errorOf('newEmail')}>
            {(aria) => (
              <Input
                {...aria}
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                {...form.register('newEmail')}
              />
            )}
          </FormField>
          <FormField id="email-current-password" label="Current password" error={errorOf('currentPassword')}>
            {(aria) => (
              <PasswordInput
                {...aria}
                autoComplete="current-password"
                {...form.register('currentPassword')}
              />
            )}
          </FormField>
          <FormError message={formError} className="sm:col-span-2" />
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
