import { useMutation } from '@tanstack/react-query';
import { useForm, type DefaultValues, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { errorMessage, isAppError } from '@/lib/api-client';

type FieldErrors<F extends string> = Partial<Record<F | 'form', string>>;

/** Puts a server error next to its field: the answer's `field`, else the field its code is about, else the form. */
function fieldErrorOf<F extends string>(
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

export interface MutationFormOptions<V extends FieldValues, R> {
  /** checks the values before anything is sent; without one, the fields' own `register` rules do */
  resolver?: Resolver<V>;
  defaultValues: DefaultValues<V>;
  /** the server's error codes that belong to a field (else the answer's `field`, else the form) */
  byCode: Partial<Record<string, Path<V>>>;
  send: (values: V) => Promise<R>;
  onSent?: (result: R, values: V) => void;
  /** keeps what was sent in the form instead of emptying it (a panel that shows the address again) */
  keepValuesOnSent?: boolean;
  /** handles a refusal itself (answers true), e.g. an expired link that changes the whole page */
  onRefused?: (err: unknown) => boolean;
}

/**
 * The pattern of the web's forms (docs/decisions/0005 "Web forms") without a schema: react-hook-form checks the
 * values before anything is sent (a resolver, or the fields' own rules), `useMutation` carries the pending state,
 * and a refusal of the server is shown next to its field (or under the form). The form empties after a success
 * unless told to keep the values. `useSchemaForm` is this with the domain's zod schema as the resolver; the sign-in page uses it with rules, so
 * that it does not load zod (docs/decisions/0005 "Sign-in forms without zod").
 */
export function useMutationForm<V extends FieldValues, R = unknown>({
  resolver,
  defaultValues,
  byCode,
  send,
  onSent,
  keepValuesOnSent = false,
  onRefused,
}: MutationFormOptions<V, R>) {
  const form = useForm<V>({ resolver, defaultValues });
  const fields = Object.keys(defaultValues) as Path<V>[];
  const mutation = useMutation({
    mutationFn: send,
    onSuccess: (result, values) => {
      form.reset(keepValuesOnSent ? values : defaultValues);
      onSent?.(result, values);
    },
    onError: (err) => {
      if (onRefused?.(err)) return;
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
