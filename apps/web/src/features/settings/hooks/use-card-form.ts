import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, isAppError } from '@/lib/api-client';
import { fieldErrorOf } from '../components/form-field';

interface Options<V extends FieldValues> {
  /** the domain's request schema, extended with the card's own messages */
  schema: z.ZodType<V, V>;
  defaultValues: DefaultValues<V>;
  /** the server's error codes that belong to a field (else the answer's `field`, else the form) */
  byCode: Partial<Record<string, Path<V>>>;
  send: (values: V) => Promise<unknown>;
  onSent?: () => void;
}

/**
 * The pattern of the settings cards (docs/decisions/0005 "Web forms"): react-hook-form validates with the domain's
 * zod schema before anything is sent, `useMutation` carries the pending state, and a refusal of the server is shown
 * next to its field (or under the form). The form empties after a success.
 */
export function useCardForm<V extends FieldValues>({
  schema,
  defaultValues,
  byCode,
  send,
  onSent,
}: Options<V>) {
  const form = useForm<V>({ resolver: zodResolver(schema), defaultValues });
  const fields = Object.keys(defaultValues) as Path<V>[];
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: () => {
      form.reset(defaultValues);
      onSent?.();
    },
    onError: (err) => {
      const shown = isAppError(err) ? fieldErrorOf(err, fields, byCode) : { form: errorMessage(err) };
      for (const [field, message] of Object.entries(shown) as [Path<V> | 'form', string][]) {
        form.setError(field === 'form' ? 'root.server' : field, { message });
      }
    },
  });
  const submit = form.handleSubmit(async (values) => {
    await mutation.mutateAsync(values).catch(() => undefined); // shown by onError
  });
  const errors = form.formState.errors as Record<string, { message?: string } | undefined> & {
    root?: { server?: { message?: string } };
  };
  return {
    form,
    submit,
    pending: mutation.isPending,
    errorOf: (field: Path<V>) => errors[field]?.message,
    formError: errors.root?.server?.message,
  };
}
