import type * as React from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

/** A form's error under its fields; renders nothing without a message. */
export function FormError({
  message,
  className,
}: {
  message: string | null | undefined;
  className?: string;
}) {
  if (!message) return null;
  return (
    <Alert variant="destructive" className={className}>
      <AlertCircle />
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** A submit button that spins and says what it is doing while the form is sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  className,
  size,
}: {
  pending: boolean;
  pendingLabel: string;
  children: React.ReactNode;
  className?: string;
  size?: React.ComponentProps<typeof Button>['size'];
}) {
  return (
    <Button type="submit" size={size} className={className} disabled={pending}>
      {pending && <Loader2 className="animate-spin" />}
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** A field's own error, under it (the input points at it with `aria-describedby`). */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-xs text-destructive">
      {message}
    </p>
  );
}
