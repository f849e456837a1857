import type * as React from 'react';
import { ArrowLeft } from 'lucide-react';
import { FormError, SubmitButton } from '@/components/form-feedback';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

interface Props {
  /** the email input's id */
  id: string;
  intro: React.ReactNode;
  email: string;
  onEmailChange: (email: string) => void;
  notice: string | null;
  pending: boolean;
  submitLabel: string;
  onSubmit: (event: React.FormEvent) => void;
  onBack: () => void;
}

/** "Send me an email" step of the sign-in page: an address, the send button, and the way back. */
export function EmailRequestForm({
  id,
  intro,
  email,
  onEmailChange,
  notice,
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
          required
          value={email}
          aria-invalid={notice ? true : undefined}
          onChange={(e) => onEmailChange(e.target.value)}
        />
      </div>
      <FormError message={notice} />
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
