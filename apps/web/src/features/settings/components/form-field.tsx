import type * as React from 'react';
import { Label } from '@/components/ui/label';

/** A labelled input with its hint or inline error (wired with aria-describedby). */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  children: (aria: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => React.ReactNode;
}) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-destructive">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** Puts a server error next to its field: the answer's `field`, else the field its code is about, else the form. */
export function fieldErrorOf<F extends string>(
  err: { code?: string; field?: string; message: string },
  fields: readonly F[],
  byCode: Partial<Record<string, F>>,
): FieldErrors<F> {
  const field =
    err.field && (fields as readonly string[]).includes(err.field)
      ? (err.field as F)
      : err.code
        ? byCode[err.code]
        : undefined;
  return { [field ?? 'form']: err.message } as FieldErrors<F>;
}
