import type * as React from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { ArrowLeft } from 'lucide-react';
import { FieldError, FormError, SubmitButton } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface Props {
  /** the email input's id */
  id: string;
  intro: React.ReactNode;
  /** the registered email field of the panel's form */
  field: UseFormRegisterReturn<'email'>;
  /** what is wrong with the address (typed or as the server says) */
  error: string | undefined;
  /** a refusal that is not about the address */
  formError: string | undefined;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event: React.FormEvent) => void;
  onBack: () => void;
}

/** "Send me an email" step of the sign-in page: an address, the send button, and the way back. */
export function EmailRequestForm({
  id,
  intro,
  field,
  error,
  formError,
  pending,
  submitLabel,
  onSubmit,
  onBack,
}: Props) {
  return (
    <form onSubmit={onSubmit} className="grid gap-5" noValidate>
      <p className="text-sm text-muted-foreground">{intro}</p>
      <div className="grid gap-2">
        <Label htmlFor={id}>Email</Label>
        <Input
          id={id}
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          aria-invalid={error || formError ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...field}
        />
        <FieldError id={`${id}-error`} message={error} />
      </div>
      <FormError message={formError} />
      <SubmitButton pending={pending} pendingLabel="Sending…" size="lg" className="w-full">
        {submitLabel}
      </SubmitButton>
      <Button type="button" variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft />
        Back to sign in
      </Button>
    </form>
  );
}
